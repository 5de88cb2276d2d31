import { eventKeyFor } from '../../events/dialect-names.ts';
import type { CommandHandler, NormalizedHandler } from '../../model/handler.ts';
import type { CopilotPromptEntry } from '../read-config.ts';
import type { LossyLog } from './lossy.ts';
import { copilotToClaudeMatcher, isMatchAll } from './matchers.ts';
import { shellQuote } from './shell-quote.ts';
import { compact, listFor, timeoutSeconds } from './targets.ts';

type Entry = Record<string, unknown>;

/** VS Code command fields: `command` plus `windows` / `linux` / `osx` overrides (other-agents-hooks.md §2.3). */
function vscodeCommand(handler: CommandHandler, log: LossyLog): Entry {
  const s = handler.spec;
  const argv =
    s.exec !== undefined
      ? [s.exec, ...(s.args ?? [])]
      : s.args !== undefined
        ? [s.command ?? '', ...s.args]
        : undefined;
  if (argv !== undefined) {
    log.add(
      handler,
      s.exec !== undefined ? 'exec' : 'args',
      'exec form has no VS Code equivalent; written as a shell command line (VS Code runs it with /bin/sh, or PowerShell on Windows)',
    );
    return { command: shellQuote(argv) };
  }
  if (handler.dialect === 'claude' && s.shell === 'powershell') {
    log.add(
      handler,
      'shell',
      '"shell": "powershell" dropped: VS Code runs "command" with /bin/sh on Linux and macOS; written as "windows" too',
    );
    return { command: s.command, windows: s.command };
  }
  const out = compact({
    command: s.command,
    windows: s.windows ?? s.powershell,
    linux: s.linux ?? s.bash,
    osx: s.osx ?? s.bash,
  });
  return out;
}

function vscodeEntry(handler: NormalizedHandler, log: LossyLog): Entry | undefined {
  if (handler.type !== 'command') {
    log.add(handler, undefined, `VS Code has only command hooks; the "${handler.type}" hook was dropped`);
    return undefined;
  }
  if (handler.if !== undefined) {
    log.add(
      handler,
      'if',
      '"if" dropped: VS Code has no argument filter, so the hook now runs for every tool call',
    );
  }
  for (const field of ['async', 'asyncRewake', 'once', 'statusMessage', 'onFailure'] as const) {
    if (handler[field] !== undefined)
      log.add(handler, field, `"${field}" dropped: VS Code has no such field`);
  }
  return {
    type: 'command',
    ...vscodeCommand(handler, log),
    ...compact({ cwd: handler.spec.cwd, env: handler.spec.env, timeout: timeoutSeconds(handler.timeoutMs) }),
  };
}

/**
 * Writes a VS Code hooks file: PascalCase events with flat entries. A handler with a matcher is
 * written in a Claude-style group, which VS Code reads but whose matcher it ignores
 * (other-agents-hooks.md §2.4 step 3, §2.6): the matcher is kept for readers and reported as lossy.
 */
export function writeVscode(
  handlers: readonly NormalizedHandler[],
  prompts: readonly CopilotPromptEntry[],
  log: LossyLog,
): Record<string, unknown> {
  const hooks: Record<string, Entry[]> = {};
  for (const handler of handlers) {
    const key = eventKeyFor(handler.event, 'vscode');
    if (key === undefined) {
      log.add(handler, undefined, `VS Code has no "${handler.event}" event; the hook was dropped`);
      continue;
    }
    const entry = vscodeEntry(handler, log);
    if (entry === undefined) continue;
    const list = listFor(hooks, key);
    const matcher =
      handler.dialect === 'copilot'
        ? copilotToClaudeMatcher(handler.event, handler.matcher).matcher
        : handler.matcher;
    if (isMatchAll(matcher)) {
      list.push(entry);
      continue;
    }
    log.add(
      handler,
      'matcher',
      `VS Code ignores matchers: this hook will run for every "${key}", not only "${matcher}"`,
    );
    const last = list.at(-1) as { matcher?: string; hooks?: Entry[] } | undefined;
    if (last?.hooks !== undefined && last.matcher === matcher) last.hooks.push(entry);
    else list.push({ matcher, hooks: [entry] });
  }
  for (const entry of prompts) {
    log.addAt(
      entry.source.pointer,
      'Copilot "prompt" entries (text submitted at session start) have no VS Code equivalent',
      'SessionStart',
    );
  }
  return { hooks };
}
