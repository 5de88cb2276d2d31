import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { DispatchResult } from '../dispatch/result.ts';
import type { Profile } from '../profiles/profile.ts';
import type { Interpretation } from '../read-output/interpretation.ts';
import type { StopCap } from '../session/stop-loop.ts';

/** One handler's interpreted run, in configured order. */
export interface AggregateItem {
  handler: NormalizedHandler;
  label: string;
  interpretation: Interpretation;
}

export interface AggregateOptions {
  event: EventName;
  profile: Profile;
  /** Whether a person can answer `ask`; without one, ask becomes deny (claude-code-observed.md). */
  interactive: boolean;
  /** `Event:matcherValue` as Claude Code labels its messages, e.g. `PreToolUse:Bash`. */
  hookLabel: string;
  /** Caps a context string (spilling the rest to a file) before it reaches the result. */
  capContext: (text: string) => string;
  input: Record<string, unknown>;
  /** Stop/SubagentStop: the loop guard's count so far, decided on before any message is written. */
  stopCap?: StopCap | undefined;
}

/** The fields of the dispatch result that aggregation decides. */
export type Aggregated = Pick<
  DispatchResult,
  | 'decision'
  | 'reason'
  | 'continue'
  | 'stopReason'
  | 'updatedInput'
  | 'updatedPrompt'
  | 'additionalContext'
  | 'systemMessages'
  | 'messages'
  | 'updatedToolOutput'
  | 'permission'
  | 'eventOutput'
  | 'stopCapReached'
  | 'terminalReason'
  | 'promptKept'
  | 'askDenied'
>;

/** What the aggregate stage returns: the decided fields, and the conflicts it found on the way. */
export interface AggregateOutput extends Aggregated {
  /** Rewrites that replaced one another (reported as ENGINE_OUTPUT_CONFLICT). */
  conflicts: string[];
}
