// The calling host's side of the bridge: how its stdin payload names the event, and the stdout,
// stderr and exit code that make it do what the hooks decided.
import type { DispatchResult } from '../engine/dispatch/result.ts';
import type { ErrorCode } from '../errors.ts';
import { getEvent } from '../events/catalogue.ts';
import { resolveEventName } from '../events/dialect-names.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { renderClaudeOutput } from '../server/host-formats/claude-code.ts';
import { renderCopilotOutput } from '../server/host-formats/copilot-cli.ts';
import { DEFAULT_BLOCK_REASON } from './answer-limits.ts';
import { copilotView } from './copilot-answer.ts';
import { vscodeOutput, vscodeView } from './vscode-answer.ts';

/** What the bridge process prints and exits with. */
export interface BridgeAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** The codes a bridge crash carries (src/errors/codes-integration.ts). */
export type BridgeErrorCode = Extract<ErrorCode, `BRIDGE_${string}`>;

/** A payload the bridge cannot answer: the host gets a crashed hook (`crashAnswer`). */
export class BridgeInputError extends Error {
  override readonly name = 'BridgeInputError';
}

/** The exit status every host reads as a failed hook that is not a block (docs/bridge.md). */
export const CRASH_EXIT_CODE = 1;

export interface HostPayload {
  event: EventName;
  input: Record<string, unknown>;
}

function eventNameIn(input: Record<string, unknown>): string | undefined {
  // Copilot camelCase payloads carry no event name (copilot-cli-observed.md "Payloads"), except
  // permissionRequest's `hookName`; `bridge install` passes `--event` for them.
  for (const key of ['hook_event_name', 'hookName', 'hookEventName']) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function resolve(name: string, where: string): EventName {
  const resolved = resolveEventName(name)?.event;
  if (!resolved) throw new BridgeInputError(`unknown event "${name}" ${where}; no hook ran`);
  return resolved;
}

/** Reads the host's stdin: one JSON object, and the event from `--event` or the payload. */
export function parsePayload(text: string, eventOption: string | undefined): HostPayload {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const why = text.trim() === '' ? 'stdin is empty' : `stdin is not JSON (${(error as Error).message})`;
    throw new BridgeInputError(`${why}; the host must pipe the hook input; no hook ran`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BridgeInputError('stdin must be one JSON object (the hook input); no hook ran');
  const input = parsed as Record<string, unknown>;
  const fromPayload = eventNameIn(input);
  const option = eventOption === undefined ? undefined : resolve(eventOption, 'in --event');
  const payload = fromPayload === undefined ? undefined : resolve(fromPayload, 'in the payload');
  if (option && payload && option !== payload)
    throw new BridgeInputError(`--event names ${option} but the payload is ${payload}; no hook ran`);
  const event = option ?? payload;
  if (!event)
    throw new BridgeInputError(
      'the payload names no event: pass --event <name> (bridge install does); no hook ran',
    );
  return { event, input };
}

/** Claude Code reads a block on these events only from exit 2: their JSON has no `decision`. */
function blocksByExit2(result: DispatchResult): boolean {
  const spec = getEvent(result.event);
  const permission = spec.decisionKind === 'permission' || spec.decisionKind === 'permission-request';
  return result.decision === 'block' && !permission && !spec.output.topLevel.includes('decision');
}

/** The answer that makes `host` do what `result` says; `notes` go to stderr (and to the user on Claude). */
export function renderAnswer(
  host: ProfileName,
  result: DispatchResult,
  notes: readonly string[],
): BridgeAnswer {
  const noteText = lines(notes);
  if (host === 'copilot-cli') {
    // A stop or block Copilot cannot read becomes what it can read, or a note (copilot-answer.ts).
    const view = copilotView(result);
    return {
      stdout: `${JSON.stringify(renderCopilotOutput(view.result))}\n`,
      stderr: `${noteText}${lines(view.unsaid)}`,
      exitCode: 0,
    };
  }
  if (host === 'claude-code' && blocksByExit2(result)) {
    // claude-code-hooks.md §3.3: with exit 2, stderr is the reason the model reads, and the JSON
    // is still read ("JSON is read on every exit code", §3.2): it carries what else the hooks
    // said, a `continue: false` that stops the teammate (§2.17, §2.20) and the notes for the user.
    // The block is the exit code's, as these events have no JSON decision.
    const { decision: _decision, reason: _reason, ...rest } = withNotes(renderClaudeOutput(result), notes);
    const stdout = Object.keys(rest).length > 0 ? `${JSON.stringify(rest)}\n` : '';
    return { stdout, stderr: `${result.reason ?? DEFAULT_BLOCK_REASON}\n`, exitCode: 2 };
  }
  if (host === 'vscode') {
    // A decision VS Code does not have is left out, and said as the other notes are (vscode-answer.ts).
    const view = vscodeView(result);
    const all = [...notes, ...view.unsaid];
    const out = withNotes(vscodeOutput(view.result), all);
    return { stdout: `${JSON.stringify(out)}\n`, stderr: lines(all), exitCode: 0 };
  }
  const out = withNotes(renderClaudeOutput(result), notes);
  return { stdout: `${JSON.stringify(out)}\n`, stderr: noteText, exitCode: 0 };
}

/** The notes as stderr lines. */
function lines(notes: readonly string[]): string {
  return notes.map((note) => `agent-hooks bridge: ${note}\n`).join('');
}

/** `out` with the notes added to its systemMessage, which Claude Code and VS Code show the user. */
function withNotes(out: Record<string, unknown>, notes: readonly string[]): Record<string, unknown> {
  if (notes.length === 0) return out;
  const shown = [out.systemMessage, ...notes.map((note) => `agent-hooks bridge: ${note}`)];
  return { ...out, systemMessage: shown.filter((line) => typeof line === 'string').join('\n') };
}

/** A failed hook, as every host reads it: exit 1, the reason on stderr (docs/bridge.md). */
export function crashAnswer(code: BridgeErrorCode, reason: string): BridgeAnswer {
  return { stdout: '', stderr: `agent-hooks bridge: ${code}: ${reason}\n`, exitCode: CRASH_EXIT_CODE };
}
