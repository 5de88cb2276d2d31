import { eventKeyFor } from '../../events/dialect-names.ts';
import { COPILOT_MATCHER_EVENTS } from '../../events/event-sets.ts';
import type { CommandHandler, NormalizedHandler } from '../../model/handler.ts';
import type { CopilotPromptEntry } from '../read-config.ts';
import type { LossyLog } from './lossy.ts';
import { claudeToCopilotMatcher, isMatchAll } from './matchers.ts';
import { compact, listFor, timeoutSeconds } from './targets.ts';

export type CopilotKeys = 'camel' | 'compat';

/**
 * Copilot command fields (other-agents-hooks.md §1.1): `bash` (POSIX), `powershell` (Windows),
 * `command` (both), or `exec` + `args` (no shell).
 */
function copilotCommand(handler: CommandHandler, log: LossyLog): Record<string, unknown> {
  const s = handler.spec;
  if (s.exec !== undefined) return compact({ exec: s.exec, args: s.args });
  if (handler.dialect === 'claude') {
    if (s.args !== undefined) return { exec: s.command, args: s.args };
    // Claude runs shell form with bash (Git Bash on Windows) unless `shell` says PowerShell (§4.2).
    return s.shell === 'powershell' ? { powershell: s.command } : { bash: s.command };
  }
  const out: Record<string, unknown> = compact({
    command: s.command,
    bash: s.bash,
    powershell: s.powershell,
  });
  // VS Code per-OS keys (§2.4 step 4 maps them the other way: bash → linux + osx).
  const posix = s.linux ?? s.osx;
  if (posix !== undefined && out.bash === undefined) {
    out.bash = posix;
    if (s.linux !== undefined && s.osx !== undefined && s.linux !== s.osx) {
      log.add(
        handler,
        'osx',
        '"osx" dropped: Copilot has one "bash" command for Linux and macOS; "linux" was kept',
      );
    } else if (s.linux === undefined || s.osx === undefined) {
      const only = s.linux === undefined ? 'osx' : 'linux';
      log.add(handler, only, `"${only}" becomes "bash", which Copilot runs on both Linux and macOS`);
    }
  }
  if (s.windows !== undefined && out.powershell === undefined) out.powershell = s.windows;
  return out;
}

function copilotEntry(handler: NormalizedHandler, log: LossyLog): Record<string, unknown> | undefined {
  let body: Record<string, unknown>;
  if (handler.type === 'command') {
    body = {
      type: 'command',
      ...copilotCommand(handler, log),
      ...compact({ cwd: handler.spec.cwd, env: handler.spec.env }),
    };
  } else if (handler.type === 'http') {
    const { url, headers, allowedEnvVars } = handler.spec;
    body = { type: 'http', ...compact({ url, headers, allowedEnvVars }) };
  } else {
    log.add(handler, undefined, `Copilot CLI has no "${handler.type}" hooks; the hook was dropped`);
    return undefined;
  }
  if (handler.if !== undefined) {
    log.add(
      handler,
      'if',
      `"if" dropped: Copilot has no argument filter, so the hook now runs for every matching call`,
    );
  }
  for (const field of ['async', 'asyncRewake', 'once', 'statusMessage', 'onFailure'] as const) {
    if (handler[field] !== undefined)
      log.add(handler, field, `"${field}" dropped: Copilot CLI has no such field`);
  }
  return { ...body, ...compact({ timeoutSec: timeoutSeconds(handler.timeoutMs) }) };
}

function copilotKey(handler: NormalizedHandler, keys: CopilotKeys): string | undefined {
  if (keys === 'compat')
    return eventKeyFor(handler.event, 'copilot-compat') ?? eventKeyFor(handler.event, 'copilot');
  return eventKeyFor(handler.event, 'copilot');
}

/**
 * Writes a Copilot hooks file (`version: 1`, flat entries per event). With `keys: 'compat'` the
 * PascalCase aliases are used, which give hooks the snake_case payload Claude scripts expect
 * (other-agents-hooks.md §1.3).
 */
export function writeCopilot(
  handlers: readonly NormalizedHandler[],
  prompts: readonly CopilotPromptEntry[],
  log: LossyLog,
  keys: CopilotKeys,
): Record<string, unknown> {
  const hooks: Record<string, Record<string, unknown>[]> = {};
  for (const handler of handlers) {
    const key = copilotKey(handler, keys);
    if (key === undefined) {
      log.add(handler, undefined, `Copilot CLI has no "${handler.event}" event; the hook was dropped`);
      continue;
    }
    const entry = copilotEntry(handler, log);
    if (entry === undefined) continue;
    const matcher = copilotMatcher(handler, key, log);
    listFor(hooks, key).push(matcher === undefined ? entry : { ...entry, matcher });
  }
  if (prompts.length > 0) {
    const key = keys === 'compat' ? 'SessionStart' : 'sessionStart';
    for (const entry of prompts) listFor(hooks, key).push({ type: 'prompt', prompt: entry.prompt });
  }
  return { version: 1, hooks };
}

function copilotMatcher(handler: NormalizedHandler, key: string, log: LossyLog): string | undefined {
  if (isMatchAll(handler.matcher)) return undefined;
  if (!COPILOT_MATCHER_EVENTS.has(handler.event)) {
    log.add(
      handler,
      'matcher',
      `matcher dropped: Copilot "${key}" takes no matcher, so the hook runs every time`,
    );
    return undefined;
  }
  const camel = /^[a-z]/.test(key);
  const fromCopilot = handler.dialect === 'copilot';
  // Camel keys match runtime tool names; PascalCase keys accept Claude names (§1.4).
  if (!camel || fromCopilot) return handler.matcher;
  const translated = claudeToCopilotMatcher(handler.event, handler.matcher);
  if (!translated.exact) {
    log.add(
      handler,
      'matcher',
      `matcher "${handler.matcher}" is a pattern over Claude tool names; Copilot "${key}" matches runtime names (bash, view, edit…)`,
    );
  }
  return translated.matcher;
}
