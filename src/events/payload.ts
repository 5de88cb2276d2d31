import type { Dialect } from '../model/dialect.ts';
import type { EventName } from '../model/event-name.ts';
import { EVENT_BY_NAME } from './catalogue.ts';
import { COMMON_INPUT_KEYS } from './generated/wire-fields.ts';
import { COPILOT_BUILDERS, COPILOT_COMPAT_BUILDERS, type EventFields } from './payload-copilot.ts';
import { type Payload, toolResponseText } from './payload-values.ts';

/** What the engine knows about the session; fills the common fields the input does not carry. */
export interface PayloadCommon {
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  now: Date;
}

/** Common fields (claude-code-hooks.md §3.1), in the key order Claude Code 2.1.328 sends them. */
const CLAUDE_COMMON_ORDER = COMMON_INPUT_KEYS;

/**
 * VS Code's common fields: the names its hook service sends, in its order, then the names its
 * documentation shows (other-agents-hooks.md §2.5 "Discrepancy"). renderVscode writes them in this
 * order; docs/events.md lists them from here.
 */
export const VSCODE_COMMON_KEYS = [
  'timestamp',
  'hook_event_name',
  'session_id',
  'transcript_path',
  'cwd',
  'sessionId',
  'hookEventName',
] as const;

/** Fields each non-Claude dialect derives from `common` rather than copying from the input. */
const SESSION_KEYS = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.length > 0 ? value : fallback;
}

function sessionValues(input: Payload, common: PayloadCommon) {
  return {
    sessionId: text(input.session_id, common.sessionId),
    transcriptPath: text(input.transcript_path, common.transcriptPath),
    cwd: text(input.cwd, common.cwd),
  };
}

function passThrough(out: Payload, input: Payload, consumed: ReadonlySet<string>): Payload {
  // for…in over a plain input object: no entry arrays on the dispatch hot path.
  for (const key in input) {
    if (!Object.hasOwn(input, key) || consumed.has(key) || key in out) continue;
    out[key] = input[key];
  }
  return out;
}

const CLAUDE_CONSUMED: ReadonlySet<string> = new Set(SESSION_KEYS.slice(0, 4));
const SESSION_KEY_SET: ReadonlySet<string> = new Set(SESSION_KEYS);

function renderClaude(event: EventName, input: Payload, common: PayloadCommon): Payload {
  const session = sessionValues(input, common);
  const out: Payload = {};
  for (const key of CLAUDE_COMMON_ORDER) {
    if (key === 'session_id') out[key] = session.sessionId;
    else if (key === 'transcript_path') out[key] = session.transcriptPath;
    else if (key === 'cwd') out[key] = session.cwd;
    else if (key === 'hook_event_name') out[key] = event;
    else if (input[key] !== undefined) out[key] = input[key];
  }
  for (const field of EVENT_BY_NAME[event].input) {
    if (input[field.name] !== undefined && !(field.name in out)) out[field.name] = input[field.name];
  }
  return passThrough(out, input, CLAUDE_CONSUMED);
}

function renderCopilotFamily(
  event: EventName,
  input: Payload,
  common: PayloadCommon,
  compat: boolean,
): Payload {
  // copilot-cli-observed.md "Payloads": permissionRequest ignores the dialect; under either key
  // the payload is camelCase and starts with `hookName`.
  if (event === 'PermissionRequest') compat = false;
  const session = sessionValues(input, common);
  const builder = (compat ? COPILOT_COMPAT_BUILDERS : COPILOT_BUILDERS)[event];
  // Events Copilot does not fire get the common fields and the input unchanged.
  const specific: EventFields = builder
    ? builder(input, session.transcriptPath)
    : { fields: {}, consumed: [] };
  const out: Payload = compat
    ? {
        hook_event_name: event,
        session_id: session.sessionId,
        timestamp: common.now.toISOString(),
        cwd: session.cwd,
      }
    : event === 'PermissionRequest'
      ? {
          hookName: 'permissionRequest',
          sessionId: session.sessionId,
          timestamp: common.now.getTime(),
          cwd: session.cwd,
        }
      : { sessionId: session.sessionId, timestamp: common.now.getTime(), cwd: session.cwd };
  Object.assign(out, specific.fields);
  return passThrough(out, input, new Set([...SESSION_KEYS, ...specific.consumed]));
}

/**
 * VS Code agent hooks. other-agents-hooks.md §2.5: the shipped hook service sends `timestamp`
 * (ISO), `hook_event_name`, `session_id`, `transcript_path` and `cwd`, while its documentation
 * (seed 000) shows `sessionId`/`hookEventName`. The host's names come first, in its order; the
 * documented aliases follow with the same values, so a hook written against either reads its field
 * (VSCODE_COMMON_KEYS; docs/host-differences.md). Event fields are snake_case.
 */
function renderVscode(event: EventName, input: Payload, common: PayloadCommon): Payload {
  const session = sessionValues(input, common);
  const out: Payload = {
    timestamp: common.now.toISOString(),
    hook_event_name: event,
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: session.cwd,
    sessionId: session.sessionId,
    hookEventName: event,
  };
  for (const field of EVENT_BY_NAME[event].input) {
    const value = input[field.name];
    if (value === undefined) continue;
    out[field.name] = vscodeValue(event, field.name, value);
  }
  return passThrough(out, input, SESSION_KEY_SET);
}

function vscodeValue(event: EventName, field: string, value: unknown): unknown {
  // VS Code fires SessionStart only for a new session and reports `source: "new"` (seed 000).
  if (event === 'SessionStart' && field === 'source' && value === 'startup') return 'new';
  // Its PostToolUse `tool_response` is the tool's text (seed 000, §2.5).
  if (event === 'PostToolUse' && field === 'tool_response') return toolResponseText(value);
  return value;
}

/**
 * The JSON a handler written in `dialect` receives for `event`. `input` holds canonical
 * (snake_case) event fields; common fields it lacks come from `common`; fields a dialect has no
 * mapping for are passed through unchanged.
 */
export function renderPayload(
  event: EventName,
  input: Record<string, unknown>,
  dialect: Dialect,
  common: PayloadCommon,
): Record<string, unknown> {
  switch (dialect) {
    case 'claude':
      return renderClaude(event, input, common);
    case 'copilot':
      return renderCopilotFamily(event, input, common, false);
    case 'copilot-compat':
      return renderCopilotFamily(event, input, common, true);
    case 'vscode':
      return renderVscode(event, input, common);
  }
}
