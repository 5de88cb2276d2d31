// Background hooks across invocations (docs/bridge.md "Background hooks"): the bridge's keeper
// process runs a session's async hooks to the end and leaves what they have for the model here;
// a later invocation of the session takes it and answers with it, as Claude Code gives async
// output to the model on its next turn (claude-code-hooks.md §4.7).
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AsyncHookResult } from '../engine/async/async-types.ts';
import { replaceFile, underLock } from './session-file.ts';

/** Next to the session's counters: `<hash of the session id>.async.json`. */
const INBOX_SUFFIX = '.async.json';

/** One text for the model, from one background hook. */
export interface InboxEntry {
  event: string;
  label: string;
  text: string;
}

export function inboxFile(sessionFile: string): string {
  return sessionFile.replace(/\.json$/, INBOX_SUFFIX);
}

/**
 * What a finished background hook has for the model: its `additionalContext` and `systemMessage`
 * (both go to the model, §4.7), and for `asyncRewake` with exit 2, the message that would have
 * woken it (stderr, else stdout): no bridge can wake a host, so it waits for the next event. Each
 * text is capped by `cap`, as the host caps a hook's context.
 */
export function inboxEntries(
  results: readonly AsyncHookResult[],
  cap: (text: string) => string,
): InboxEntry[] {
  const entries: InboxEntry[] = [];
  for (const result of results) {
    const texts = [result.additionalContext, result.systemMessage];
    if (result.mode === 'asyncRewake' && result.exitCode === 2)
      texts.push(result.stderr.trim() || result.stdout.trim() || null);
    for (const text of texts)
      if (text !== null && text !== '')
        entries.push({ event: result.event, label: result.label, text: cap(text) });
  }
  return entries;
}

async function readEntries(file: string): Promise<InboxEntry[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as InboxEntry[]).filter((e) => typeof e?.text === 'string') : [];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return [];
    throw error;
  }
}

/** Adds entries; parallel keepers of one session never lose each other's. */
export async function addToInbox(file: string, entries: readonly InboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await underLock(file, async () => {
    await replaceFile(file, JSON.stringify([...(await readEntries(file)), ...entries]));
  });
}

/** Whether a file name (of the sessions folder) is an inbox. */
export function isInboxName(name: string): boolean {
  return name.endsWith(INBOX_SUFFIX);
}

/** Takes every entry of the inbox, oldest first, and deletes it. */
export async function takeInbox(inbox: string): Promise<InboxEntry[]> {
  return underLock(inbox, async () => {
    const entries = await readEntries(inbox);
    await rm(inbox, { force: true });
    return entries;
  });
}
