import type { CommandHandler, NormalizedHandler } from '../../model/handler.ts';
import type { CopilotPromptEntry } from '../read-config.ts';
import type { LossyLog } from './lossy.ts';
import { copilotToClaudeMatcher } from './matchers.ts';
import { compact, listFor, timeoutSeconds } from './targets.ts';

/** Claude Code's own events: all canonical ones except the two Copilot-only events. */
const NOT_CLAUDE_EVENTS: ReadonlySet<string> = new Set(['ErrorOccurred', 'UserPromptTransformed']);

type Group = { matcher?: string; hooks: Record<string, unknown>[] };

/** Claude has one command for every OS (claude-code-hooks.md §4.2); pick it and report the rest. */
function claudeCommand(handler: CommandHandler, log: LossyLog): Record<string, unknown> {
  const s = handler.spec;
  if (handler.dialect === 'claude') {
    return compact({ command: s.command, args: s.args, shell: s.shell });
  }
  if (s.exec !== undefined) return { command: s.exec, args: s.args ?? [] };
  const candidates = (['bash', 'linux', 'osx', 'command'] as const).filter((key) => s[key] !== undefined);
  const windowsKeys = (['powershell', 'windows'] as const).filter((key) => s[key] !== undefined);
  const chosen = candidates[0] ?? windowsKeys[0];
  if (chosen === undefined) return {};
  const value = s[chosen] as string;
  for (const key of [...candidates, ...windowsKeys]) {
    if (key === chosen || s[key] === value) continue;
    log.add(
      handler,
      key,
      `"${key}" dropped: Claude Code has one command for every OS; "${chosen}" was kept${chosen === 'command' ? '' : ' as "command"'}`,
    );
  }
  if (candidates.length === 0) {
    log.add(handler, chosen, `"${chosen}" (Windows only) becomes a PowerShell command that runs on every OS`);
    return { command: value, shell: 'powershell' };
  }
  return { command: value };
}

function claudeHandler(handler: NormalizedHandler, log: LossyLog): Record<string, unknown> | undefined {
  let body: Record<string, unknown>;
  switch (handler.type) {
    case 'command':
      body = claudeCommand(handler, log);
      if (handler.spec.cwd !== undefined) {
        log.add(handler, 'cwd', '"cwd" dropped: Claude Code runs hooks in the session directory');
      }
      if (handler.spec.env !== undefined)
        log.add(handler, 'env', '"env" dropped: Claude Code has no per-hook env');
      break;
    case 'http':
      body = compact({
        url: handler.spec.url,
        headers: handler.spec.headers,
        allowedEnvVars: handler.spec.allowedEnvVars,
      });
      break;
    case 'prompt':
    case 'agent':
      body = compact({
        prompt: handler.spec.prompt,
        model: handler.spec.model,
        continueOnBlock: handler.spec.continueOnBlock,
      });
      break;
    case 'mcp_tool':
      body = compact({ server: handler.spec.server, tool: handler.spec.tool, input: handler.spec.input });
      break;
    case 'function':
      log.add(handler, undefined, 'function hooks live in memory and cannot be written to a file');
      return undefined;
  }
  return {
    type: handler.type,
    ...body,
    ...compact({
      if: handler.if,
      timeout: timeoutSeconds(handler.timeoutMs),
      statusMessage: handler.statusMessage,
      async: handler.async,
      asyncRewake: handler.asyncRewake,
      once: handler.once,
      onFailure:
        handler.onFailure === undefined ? undefined : handler.onFailure === 'ignore' ? 'continue' : 'block',
    }),
  };
}

/**
 * Writes Claude Code settings: event → matcher groups → handlers (claude-code-hooks.md §1).
 * Consecutive handlers with the same matcher share a group, so flat files round-trip to the
 * groups they came from.
 */
export function writeClaude(
  handlers: readonly NormalizedHandler[],
  prompts: readonly CopilotPromptEntry[],
  log: LossyLog,
): Record<string, unknown> {
  const hooks: Record<string, Group[]> = {};
  for (const handler of handlers) {
    if (NOT_CLAUDE_EVENTS.has(handler.event)) {
      log.add(handler, undefined, `Claude Code has no "${handler.event}" event; the hook was dropped`);
      continue;
    }
    const body = claudeHandler(handler, log);
    if (body === undefined) continue;
    let matcher = handler.matcher;
    if (handler.dialect === 'copilot') {
      const translated = copilotToClaudeMatcher(handler.event, handler.matcher);
      matcher = translated.matcher;
      if (!translated.exact) {
        log.add(
          handler,
          'matcher',
          `matcher "${handler.matcher}" is a pattern over Copilot tool names; check it against Claude tool names`,
        );
      }
    } else if (matcher === '') {
      matcher = undefined;
    }
    const groups = listFor(hooks, handler.event);
    const last = groups.at(-1);
    if (last !== undefined && last.matcher === matcher) last.hooks.push(body);
    else groups.push({ ...(matcher === undefined ? {} : { matcher }), hooks: [body] });
  }
  for (const entry of prompts) {
    log.addAt(
      entry.source.pointer,
      'Copilot "prompt" entries (text submitted at session start) have no Claude Code equivalent',
      'SessionStart',
    );
  }
  return { hooks };
}
