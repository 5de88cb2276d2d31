import type { EventName } from '../../model/event-name.ts';
import type { HandlerType } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { IgnoredOutput } from '../read-output/ignored-output.ts';
import type { OutputReader } from '../read-output/output-reader.ts';
import type { ModelText, WordingInput } from './copilot-messages.ts';

/**
 * A profile: everything that differs between the hosts we emulate, as data plus the host's output
 * reader. Where hosts disagree, the profile decides (DESIGN.md "profile").
 */
export interface Profile {
  readonly name: ProfileName;
  /** claude-code-observed.md: all handlers of one event start in parallel; Copilot and VS Code run in order. */
  readonly execution: 'parallel' | 'sequential';
  /** How the host reads a hook's exit code and output (docs/decisions.md). */
  readonly output: OutputReader;
  /** VS Code parses matchers and ignores them (other-agents-hooks.md §2.6). */
  readonly honourMatchers: boolean;
  /** Claude Code runs a handler with the same identity once per call (claude-code-hooks.md §4.9). */
  readonly dedupe: boolean;
  /** Claude Code skips handler types an event does not accept (claude-code-hooks.md §2.0 "Types"). */
  readonly checksHandlerTypes: boolean;
  /**
   * Whether output of events that decide nothing still counts: Copilot reads `additionalContext` on
   * notification (other-agents-hooks.md §1.3); Claude Code discards it.
   */
  readonly readsNonDecidingOutput: boolean;
  /** Copilot: an `allow` on a call that requests a sandbox bypass is ignored (other-agents-hooks.md §1.5). */
  readonly sandboxBypassNeedsUser: boolean;
  /** Stop/SubagentStop blocks honoured in a row before the host overrides (claude-code-hooks.md §2.18). */
  readonly stopBlockCap: number;
  /**
   * Set where the host keeps no count of Stop blocks (VS Code, other-agents-hooks.md §7.1): why the
   * engine caps them anyway, said when its cap overrides a block. Undefined: the host caps too.
   */
  readonly stopCapNotTheHosts?: string;
  /** PermissionRequest: first decision wins (Claude Code [SRC]) or later overrides earlier (Copilot §1.5). */
  readonly permissionRequestMerge: 'first' | 'last';
  /**
   * Which of two conflicting `updatedInput`s wins: the last in configured order, or (VS Code,
   * seed 000: "workspace hooks take precedence") a workspace hook over a user hook, then the last.
   */
  readonly updatedInputPrecedence: 'last' | 'workspace-over-user';
  /** Copilot: "if any hook returns deny, the tool is blocked"; Claude: deny > defer > ask > allow. */
  readonly permissionOrder: readonly ('deny' | 'defer' | 'ask' | 'allow')[];
  /** Default timeout in seconds per handler type; events may override (catalogue). */
  readonly defaultTimeoutSec: Readonly<Record<HandlerType, number>>;
  /** Whether per-event catalogue timeouts (UserPromptSubmit 30 s, MessageDisplay 10 s) apply. */
  readonly eventTimeouts: boolean;
  /** Cap on one additionalContext / systemMessage / plain stdout string (claude-code-hooks.md §3.2). */
  readonly contextCapChars: number;
  /**
   * Whether a blocked UserPromptSubmit keeps the prompt: Claude Code erases it (claude-code-hooks.md
   * §2.4); undefined where the host's behaviour is not recorded, and the result then says nothing.
   */
  readonly blockedPromptKept?: boolean;
  /**
   * What the user is shown when a hook blocks a prompt; undefined: Claude Code's
   * `UserPromptSubmit operation blocked by hook:` notice with the original prompt.
   */
  readonly promptBlockedNotice?: (reason: string) => string;
  /**
   * Events on which only the first hook's block counts, in configured order (VS Code PostToolUse:
   * "first top-level `decision:"block"` wins", other-agents-hooks.md §2.5); elsewhere every block's
   * reason is kept.
   */
  readonly firstBlockOnly: ReadonlySet<EventName>;
  /**
   * Events on which a block reason several hooks gave is kept once, where first given (VS Code
   * Stop/SubagentStop: "reasons de-duplicated", other-agents-hooks.md §2.5); elsewhere each
   * blocking hook's reason and model texts are kept, repeats included.
   */
  readonly uniqueBlockReasons: ReadonlySet<EventName>;
  /**
   * Events on which the host ignores a hook's errors (exit 2) and stop requests (`continue: false`,
   * `stopReason`): VS Code's SessionStart and SubagentStart (other-agents-hooks.md §2.5). Each
   * ignored part is a warning on the hook.
   */
  readonly ignoresErrorsAndStops: ReadonlySet<EventName>;
  /** Whether `continue: false` stops the remaining sequential hooks (VS Code HookAbortError). */
  readonly stopOnContinueFalse: boolean;
  /** Whether a permission deny stops the remaining sequential hooks (copilot-cli-observed.md). */
  readonly stopOnDeny: boolean;
  /**
   * The model-bound texts in the host's own words and places, where they differ from Claude
   * Code's (copilot-cli-observed.md "What the host does with the output"); undefined: Claude Code's.
   */
  readonly modelTexts?: (dispatch: WordingInput) => ModelText[];
  /** Events whose hooks the host never waits for; their results arrive as async results (seed 003). */
  readonly fireAndForget: ReadonlySet<EventName>;
  /**
   * Permission kinds the host settles before PermissionRequest hooks run (seed 003: `read` and
   * `hook` short-circuit in Copilot CLI); the input names the kind in `kind` or `permissionKind`.
   */
  readonly permissionKindsBeforeHooks: ReadonlySet<string>;
  /** Events whose output the host does not process, or only its common fields (issue 12 point 16). */
  readonly ignoredOutput: Readonly<Partial<Record<EventName, IgnoredOutput>>>;
  /**
   * PermissionRequest with no hook answer and no person to ask: the host's denial text
   * (copilot-cli-observed.md); undefined: no decision, the host's normal permission flow.
   */
  readonly unansweredPermissionDenial?: string;
}
