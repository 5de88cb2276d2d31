// What is broken in the bridged files, and exactly what of them did not load: a whole file (it
// cannot be read or parsed, or none of its hooks loaded), or entries of a file whose other hooks
// loaded and ran. The two differ in what the bridge may answer (run-bridge.ts).
import type { DispatchResult } from '../engine/dispatch/result.ts';
import type { Diagnostic } from '../errors.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import type { BridgeConfig } from './origins.ts';

export interface ConfigProblem {
  /** The located problem and what did not load, for stderr and systemMessage. */
  text: string;
  /** No hook of the file loaded (or the file holds no hooks: VS Code's settings). */
  wholeFile: boolean;
}

/**
 * The entry a diagnostic's JSON pointer lies in: `/hooks/<event>/<i>` (a Copilot or VS Code
 * entry, a Claude matcher group) or `/hooks/<event>/<i>/hooks/<j>` (a Claude hook), else the
 * event's whole list `/hooks/<event>`.
 */
const ENTRY_POINTER = /^\/hooks\/[^/]+(?:\/\d+(?:\/hooks\/\d+)?)?/;

function describeDiagnostic(d: Diagnostic): string {
  const where = d.file ? `${d.file}${d.line === undefined ? '' : `:${d.line}:${d.column ?? 1}`}: ` : '';
  return `${where}${d.code}: ${d.message}`;
}

/** What of a file that loaded other hooks the diagnostic kept from loading, in words. */
function notLoaded(d: Diagnostic, loaded: readonly string[]): string {
  const entry = d.pointer === undefined ? undefined : ENTRY_POINTER.exec(d.pointer)?.[0];
  const inside = (pointer: string) =>
    entry !== undefined && (pointer === entry || pointer.startsWith(`${entry}/`));
  if (entry === undefined || loaded.some(inside)) return 'the other hooks of this file loaded and run';
  return `the entry at ${entry} did not load and does not run (the other hooks of this file do)`;
}

/** Each error of the bridged files and each file that could not be read, with what did not load. */
export function configProblems(config: BridgeConfig): ConfigProblem[] {
  // The hooks the bridge runs, by file, each by its pointer.
  const loaded = new Map<string, string[]>();
  for (const origin of config.origins)
    for (const handler of origin.handlers)
      loaded.set(handler.source.file, [...(loaded.get(handler.source.file) ?? []), handler.source.pointer]);
  const problems = new Map<string, ConfigProblem>();
  const add = (text: string, wholeFile: boolean) => {
    if (!problems.has(text)) problems.set(text, { text, wholeFile });
  };
  for (const d of config.diagnostics) {
    if (d.severity !== 'error') continue;
    const pointers = d.file === undefined ? [] : (loaded.get(d.file) ?? []);
    if (pointers.length === 0)
      add(`no hook of this file loaded, so none runs: ${describeDiagnostic(d)}`, true);
    else add(`${notLoaded(d, pointers)}: ${describeDiagnostic(d)}`, false);
  }
  const described = new Set(config.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  for (const broken of config.brokenFiles)
    if (!described.has(broken.file))
      add(`no hook of this file loaded, so none runs: ${broken.file}: ${broken.reason}`, true);
  return [...problems.values()];
}

/**
 * Why the answer of the hooks that ran cannot stand beside entries that did not load, if it
 * cannot: one of those entries may have been a guard. Copilot CLI denies a preToolUse hook that
 * fails (other-agents-hooks.md §1.5; copilot-cli-observed.md "preToolUse exit 1"), so the crash
 * answer keeps a guard there. An allow skips the host's own permission check (claude-code-
 * observed.md "PreToolUse JSON allow") and a rewrite changes what runs, where a failed hook leaves
 * the call to that check unchanged.
 */
export function withheldBecause(
  host: ProfileName,
  event: EventName,
  result: DispatchResult,
): string | undefined {
  if (host === 'copilot-cli' && event === 'PreToolUse')
    return 'Copilot CLI denies a call whose preToolUse hook fails, as an entry that did not load might have';
  if (result.decision === 'allow') return 'they allowed the call, which skips the host’s permission check';
  if (result.updatedInput !== null) return 'they rewrote the call';
  return undefined;
}
