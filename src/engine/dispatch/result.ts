import type { Diagnostic } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { HandlerType } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { SourceRef } from '../../model/source.ts';
import type { HttpRunNotes } from '../../runners/types.ts';

/** What the event's handlers decided together (DESIGN.md "vocabulary": decision). */
export type Decision = 'allow' | 'deny' | 'ask' | 'defer' | 'block';

/** What one handler run produced (DESIGN.md "vocabulary": outcome). */
export type Outcome =
  | 'success'
  | 'blocking'
  | 'non-blocking-error'
  | 'timeout'
  | 'spawn-error'
  | 'cancelled'
  | 'skipped';

/** One handler's run, as reported in `run --json` `hooks[]`. */
export interface HookRunReport {
  source: SourceRef;
  type: HandlerType;
  /** Human label: the command line, URL, prompt or function id. */
  label: string;
  /** The handler's `statusMessage`, carried along for display. */
  statusMessage?: string;
  outcome: Outcome;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** The parsed JSON output, if the handler printed one. */
  output: Record<string, unknown> | null;
  /** What this handler contributed to the decision, in words. */
  effect: string;
  /** Messages about this run (truncation, ignored fields, near misses). */
  warnings: string[];
  untrusted?: boolean;
  /** Set when the hook gave no verdict the host could use (Claude Code's `hook_no_verdict`). */
  noVerdict?: NoVerdict;
  /** An `http` hook whose request was sent: the proxy, the SSRF guard and the allowlist entry. */
  http?: HttpRunNotes;
}

export interface SkippedReport {
  source: SourceRef;
  why: string;
}

/**
 * Where the emulated host puts a model-bound text (claude-code-observed.md "Decisions",
 * copilot-cli-observed.md "What the host does with the output"): `replaces-tool-result` (the error
 * tool result of a PreToolUse deny), `system-after-tool-result` (a system message after the tool
 * result: Claude Code's PostToolUse, PostToolUseFailure), `appended-to-tool-result` (added to the
 * tool message after a blank line: Copilot CLI's postToolUse), `user-message` (a user message of
 * its own: the Stop feedback the model continues with; Copilot CLI's postToolUseFailure guidance
 * after the tool message and sessionStart context before the prompt), `system-message` (a system
 * message on its own, as the Stop blocking error), `leading-system-context` (spliced into the
 * leading system message: Claude Code's SessionStart, UserPromptSubmit), `after-prompt` (right
 * after the prompt: Copilot CLI's userPromptSubmitted `<system_reminder>`).
 */
export type Placement =
  | 'replaces-tool-result'
  | 'system-after-tool-result'
  | 'appended-to-tool-result'
  | 'user-message'
  | 'system-message'
  | 'leading-system-context'
  | 'after-prompt';

/** Texts the emulated host would show; lets a host reproduce it without re-deriving them. */
export interface HostMessages {
  /** What reaches the model (tool errors, system reminders, feedback). */
  toModel: string[];
  /** Where each `toModel` text goes: `placements[i]` is the placement of `toModel[i]`. */
  placements: Placement[];
  /** What the user sees (notices, warnings, systemMessage). */
  toUser: string[];
}

/**
 * Why the emulated host would end the turn after this dispatch, in its own words:
 * `hook_stopped` (`continue: false`, or a prompt hook's `ok: false`), `tool_deferred` (PreToolUse
 * `defer`), `stop_hook_cap` (the consecutive Stop-block cap overrode a block).
 */
export type TerminalReason = 'hook_stopped' | 'tool_deferred' | 'stop_hook_cap';

/** Why a hook gave the host no verdict (Claude Code's `hook_no_verdict`): it timed out, or exited 127. */
export type NoVerdict = 'timeout' | 'exit-127';

export interface DispatchResult {
  event: EventName;
  profile: ProfileName;
  decision: Decision | null;
  reason: string | null;
  continue: boolean;
  stopReason: string | null;
  updatedInput: Record<string, unknown> | null;
  /** UserPromptSubmit: the prompt rewritten by a Copilot hook or SDK callback (`modifiedPrompt`). */
  updatedPrompt?: string;
  additionalContext: string[];
  systemMessages: string[];
  hooks: HookRunReport[];
  skipped: SkippedReport[];
  diagnostics: Diagnostic[];
  /** Texts as the emulated host words them. */
  messages: HostMessages;
  /** PostToolUse `updatedToolOutput` / Copilot `modifiedResult`, when a handler rewrote it. */
  updatedToolOutput?: unknown;
  /** PermissionRequest details beyond allow/deny. */
  permission?: { interrupt?: boolean; updatedPermissions?: unknown[]; message?: string };
  /** Event-specific fields (sessionTitle, watchPaths, displayContent, retry, worktreePath, …). */
  eventOutput: Record<string, unknown>;
  /** Copilot `prompt` entries on sessionStart for the host to submit (other-agents-hooks.md §1.1). */
  prompts: string[];
  /** `export` lines written to `CLAUDE_ENV_FILE` by SessionStart-like hooks. */
  envExports: Record<string, string>;
  /** Stop/SubagentStop: whether a block was overridden by the consecutive-block cap. */
  stopCapReached?: boolean;
  /** Set when the host would end the turn after this dispatch, and why. */
  terminalReason?: TerminalReason;
  /** UserPromptSubmit/UserPromptExpansion blocked: whether the host keeps the prompt (Claude Code erases it). */
  promptKept?: boolean;
  /** A `deny` that began as `ask` with no person to answer; the host then skips PermissionRequest hooks. */
  askDenied?: boolean;
  /**
   * Set when a hook rewrote the tool input: whether the rewrite was checked against the tool's
   * input schema (`toolInputSchemas`), and what came of it.
   */
  updatedInputCheck?: UpdatedInputCheck;
  /**
   * Hooks that run on in the background (`async`, `asyncRewake`, or a first stdout line
   * `{"async":true}`); their results come from `engine.collectAsyncResults()` (claude-code-hooks.md §4.7).
   */
  backgrounded?: BackgroundedRun[];
}

/** A hook that went on in the background; its result comes from `engine.collectAsyncResults()`. */
export interface BackgroundedRun {
  id: string;
  source: SourceRef;
  label: string;
}

/**
 * What the check of a hook's `updatedInput` against the tool's input schema found (seed 000: an
 * updatedInput that does not match the tool's schema is ignored).
 */
export interface UpdatedInputCheck {
  /**
   * `valid`: it matches and is used; `discarded`: it does not match, so `updatedInput` is null and
   * the decision stands (or, with `invalidRewrite: 'deny'`, becomes a deny, and `denied` is set);
   * `unchecked`: used as given, with `why` saying why it was not checked.
   */
  status: 'valid' | 'discarded' | 'unchecked';
  /** The tool the input belongs to (`tool_name`), or null when the input names none. */
  tool: string | null;
  /** Why it was discarded (the schema error) or not checked. */
  why?: string;
  /** Discarded with `invalidRewrite: 'deny'`: the call was denied instead of running unchanged. */
  denied?: true;
}
