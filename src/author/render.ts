import { EVENT_BY_NAME } from '../events/catalogue.ts';
import type { EventName } from '../model/event-name.ts';
import type { HookResponse } from './combine.ts';
import { type Support, support } from './support.ts';
import type { Host } from './types.ts';

/** What the hook process prints for one answer, in the calling host's format. */
export interface Rendered {
  exitCode: number;
  /** The JSON object for stdout (always printed, `{}` for no decision: every host parses it). */
  output: Record<string, unknown>;
  /** The reason, where the host reads a block from stderr with exit 2; otherwise empty. */
  stderr: string;
  /** Effects the host does not read on this event, dropped (AUTHOR_UNSUPPORTED_ON_HOST). */
  warnings: string[];
}

const HOST_NAME: Record<Host, string> = {
  'claude-code': 'Claude Code',
  'copilot-cli': 'Copilot CLI',
  vscode: 'VS Code',
};

/** Claude Code blocks these only with exit 2: their JSON has no `decision` (claude-code-hooks.md §2.17, §2.20). */
const EXIT2_BLOCK: ReadonlySet<EventName> = new Set(['TaskCompleted', 'TeammateIdle']);

/** Several contexts or messages become one string, as a host joins several hooks' (§1.5). */
const JOIN = '\n\n';

/** Drops what `host` does not read on `event` (with a warning) and maps what it reads elsewhere. */
function fitToHost(
  host: Host,
  event: EventName,
  response: HookResponse,
): { kept: HookResponse; warnings: string[] } {
  const kept: HookResponse = {
    ...response,
    context: [...response.context],
    systemMessages: [...response.systemMessages],
  };
  const warnings: string[] = [];
  const check = (kind: Parameters<typeof support>[1], helper: string): Support => {
    const answer = support(host, kind, event, kept.permission);
    if (answer === 'no')
      warnings.push(`${helper} on ${event}: ${HOST_NAME[host]} does not read it there; dropped`);
    return answer;
  };
  if (kept.permission !== undefined && check('permission', `${kept.permission}()`) === 'no') {
    delete kept.permission;
    delete kept.reason;
  }
  if (kept.updatedInput !== undefined && check('updateInput', 'updateInput()') === 'no')
    delete kept.updatedInput;
  if (kept.context.length > 0 && check('context', 'context()') === 'no') kept.context = [];
  if (kept.block !== undefined) {
    const answer = check('block', 'block()');
    if (answer === 'mapped') kept.context.unshift(kept.block);
    if (answer !== 'yes') delete kept.block;
  }
  if (kept.stop !== undefined && check('stop', 'stop()') === 'no') delete kept.stop;
  if (kept.systemMessages.length > 0 && check('systemMessage', 'systemMessage()') === 'no')
    kept.systemMessages = [];
  return { kept, warnings };
}

/** Claude Code's shape (claude-code-hooks.md §3.2), which VS Code reads too, with its Stop block nested (§2.5). */
function writeClaudeFamily(
  event: EventName,
  r: HookResponse,
  nestedStop: boolean,
): Omit<Rendered, 'warnings'> {
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  let exitCode = 0;
  let stderr = '';
  if (r.stop !== undefined) {
    out.continue = false;
    if (r.stop.reason !== undefined) out.stopReason = r.stop.reason;
  }
  if (r.systemMessages.length > 0) out.systemMessage = r.systemMessages.join(JOIN);
  if (event === 'PermissionRequest') {
    if (r.permission === 'allow') {
      specific.decision = { behavior: 'allow', ...(r.updatedInput ? { updatedInput: r.updatedInput } : {}) };
    } else if (r.permission === 'deny') {
      specific.decision = { behavior: 'deny', ...(r.reason !== undefined ? { message: r.reason } : {}) };
    }
  } else {
    if (r.permission !== undefined) specific.permissionDecision = r.permission;
    if (r.permission !== undefined && r.reason !== undefined) specific.permissionDecisionReason = r.reason;
    if (r.updatedInput !== undefined) specific.updatedInput = r.updatedInput;
  }
  if (r.context.length > 0) specific.additionalContext = r.context.join(JOIN);
  if (r.block !== undefined) {
    if (EXIT2_BLOCK.has(event)) {
      exitCode = 2;
      stderr = r.block;
    } else if (nestedStop && EVENT_BY_NAME[event].decisionKind === 'stop') {
      specific.decision = 'block';
      specific.reason = r.block;
    } else {
      out.decision = 'block';
      out.reason = r.block;
    }
  }
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: event, ...specific };
  return { exitCode, output: out, stderr };
}

/** Copilot CLI's flat fields (other-agents-hooks.md §1.3, §1.5). */
function writeCopilot(event: EventName, r: HookResponse): Omit<Rendered, 'warnings'> {
  const out: Record<string, unknown> = {};
  if (event === 'PermissionRequest' && r.permission !== undefined) {
    out.behavior = r.permission;
    if (r.permission === 'deny' && r.reason !== undefined) out.message = r.reason;
  } else if (r.permission !== undefined) {
    out.permissionDecision = r.permission;
    if (r.reason !== undefined) out.permissionDecisionReason = r.reason;
  }
  if (r.updatedInput !== undefined) out.modifiedArgs = r.updatedInput;
  if (r.context.length > 0) out.additionalContext = r.context.join(JOIN);
  if (r.block !== undefined) {
    out.decision = 'block';
    out.reason = r.block;
  }
  return { exitCode: 0, output: out, stderr: '' };
}

/** The stdout JSON, exit code and stderr that tell `host` the answer `response` on `event`. */
export function render(host: Host, event: EventName, response: HookResponse): Rendered {
  const { kept, warnings } = fitToHost(host, event, response);
  const firesHere = host === 'vscode' && EVENT_BY_NAME[event].dialects.vscode !== undefined;
  const written =
    host === 'copilot-cli' &&
    (EVENT_BY_NAME[event].dialects.copilot ?? EVENT_BY_NAME[event].dialects.copilotCompat)
      ? writeCopilot(event, kept)
      : writeClaudeFamily(event, kept, firesHere);
  return { ...written, warnings };
}
