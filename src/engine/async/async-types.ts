import type { EventName } from '../../model/event-name.ts';
import type { HandlerType, NormalizedHandler } from '../../model/handler.ts';
import type { SourceRef } from '../../model/source.ts';
import type { RunnerResult } from '../../runners/types.ts';
import type { Outcome } from '../dispatch/result.ts';
import type { Profile } from '../profiles/profile.ts';

/** One finished background hook, as `engine.collectAsyncResults()` returns it (claude-code-hooks.md §4.7). */
export interface AsyncHookResult {
  /** The hook's id, also in the firing dispatch's `backgrounded[]`. */
  id: string;
  event: EventName;
  sessionId: string;
  source: SourceRef;
  type: HandlerType;
  label: string;
  /**
   * How it went async: its `async`/`asyncRewake` setting, a first stdout line `{"async":true}`, or
   * an event the host never waits for (Copilot CLI `notification`, seed 003).
   */
  mode: 'async' | 'asyncRewake' | 'first-line' | 'fire-and-forget';
  outcome: Outcome;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** The JSON output read from stdout; `{}` when there is none (seed 004). */
  output: Record<string, unknown>;
  /** For the next model turn: the host delivers these to the model, not to the user. */
  additionalContext: string | null;
  systemMessage: string | null;
  /** Ignored decision fields, malformed output, truncation. */
  warnings: string[];
  /** Whether the host's wake callback was called (asyncRewake and exit 2). */
  woke: boolean;
}

/** What the host's wake callback receives: an `asyncRewake` hook exited 2 (claude-code-hooks.md §4.2). */
export interface AsyncWake {
  id: string;
  event: EventName;
  sessionId: string;
  source: SourceRef;
  label: string;
  /** stderr, or stdout when stderr is empty: shown to the model as a system reminder. */
  message: string;
}

/** A background run handed to the registry by the dispatcher. */
export interface AsyncHookStart {
  id: string;
  dispatchId: number;
  event: EventName;
  sessionId: string;
  handler: NormalizedHandler;
  label: string;
  mode: AsyncHookResult['mode'];
  profile: Profile;
  /** Settles when the process exits (or is killed). */
  completion: Promise<RunnerResult>;
  /** Aborting it kills the hook's process group through the runner. */
  abort: AbortController;
}
