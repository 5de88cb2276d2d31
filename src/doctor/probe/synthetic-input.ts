import path from 'node:path';
import { EVENT_BY_NAME } from '../../events/catalogue.ts';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import { toClaudeToolName } from '../../events/tool-names.ts';
import { compileMatcher } from '../../match/index.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { toolNamesSeenBy } from '../tool-universe.ts';

/**
 * Bytes of filler in every probe input: four times a Linux pipe buffer (64 KiB), so a hook that
 * never reads stdin cannot take it all in the buffer and the host's write fails.
 */
export const LARGE_INPUT_BYTES = 256 * 1024;
export const PROBE_SESSION_ID = 'agent-hooks-doctor-probe';

/** A `tool_input` of the documented shape (claude-code-hooks.md §2.7) for the probe's tool. */
function toolInput(tool: string, dir: string): Record<string, unknown> {
  const file = path.join(dir, 'doctor-probe.txt');
  switch (tool) {
    case 'Bash':
    case 'PowerShell':
      return { command: 'echo doctor-probe', description: 'agent-hooks doctor probe' };
    case 'Write':
      return { file_path: file, content: 'doctor probe\n' };
    case 'Edit':
      return { file_path: file, old_string: 'doctor', new_string: 'probe' };
    case 'Read':
      return { file_path: file };
    case 'Glob':
    case 'Grep':
      return { pattern: 'doctor', path: dir };
    default:
      return {};
  }
}

/** A value the handler's matcher accepts, so the probe input is one the host would run it on. */
function matchedValue(handler: NormalizedHandler, profile: ProfileName, candidates: readonly string[]) {
  const matcher = compileMatcher(handler.matcher, {
    dialect: handler.dialect,
    event: handler.event,
    profile,
    eventKey: handler.eventKey,
  });
  return candidates.find((value) => matcher.test(value));
}

function toolFields(handler: NormalizedHandler, profile: ProfileName, dir: string): Record<string, unknown> {
  const { own } = toolNamesSeenBy(handler.dialect);
  const seen = matchedValue(handler, profile, own) ?? own[0] ?? 'Bash';
  const tool = handler.dialect === 'copilot' ? toClaudeToolName(seen) : seen;
  const fields: Record<string, unknown> = {
    tool_name: tool,
    tool_input: toolInput(tool, dir),
    tool_use_id: 'toolu_doctor_probe',
  };
  if (handler.event === 'PostToolUse')
    fields.tool_response = { stdout: 'doctor-probe', stderr: '', interrupted: false };
  if (handler.event === 'PostToolUseFailure') fields.error = 'doctor probe failure';
  return fields;
}

/**
 * The canonical input the probe sends one handler: the common fields, the event's own fields with
 * a value its matcher accepts, and `LARGE_INPUT_BYTES` of filler in `doctor_probe_padding`
 * (hosts add fields over time; a hook must tolerate unknown ones).
 */
export function syntheticInput(
  handler: NormalizedHandler,
  profile: ProfileName,
  dir: string,
): Record<string, unknown> {
  const spec = EVENT_BY_NAME[handler.event];
  const input: Record<string, unknown> = {
    session_id: PROBE_SESSION_ID,
    transcript_path: path.join(dir, '.agent-hooks-doctor', 'transcript.jsonl'),
    cwd: dir,
    hook_event_name: handler.event,
    permission_mode: 'default',
  };
  if (TOOL_CALL_EVENTS.has(handler.event)) Object.assign(input, toolFields(handler, profile, dir));
  else if (spec.matcher.field !== null) {
    const values = spec.matcher.values ?? [];
    input[spec.matcher.field] = matchedValue(handler, profile, values) ?? values[0] ?? 'doctor-probe';
  }
  if (handler.event === 'UserPromptSubmit') input.prompt = 'doctor probe';
  if (handler.event === 'Stop' || handler.event === 'SubagentStop') input.stop_hook_active = false;
  input.doctor_probe_padding = 'x'.repeat(LARGE_INPUT_BYTES);
  return input;
}
