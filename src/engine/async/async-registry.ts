import type { EventName } from '../../model/event-name.ts';
import type { HandlerType, NormalizedHandler } from '../../model/handler.ts';
import type { SourceRef } from '../../model/source.ts';
import { type RunnerResult, runnerResult } from '../../runners/types.ts';
import type { Outcome } from '../dispatch/result.ts';
import type { Profile } from '../profiles/profile.ts';
import { interpret } from '../read-output/interpret.ts';
import { type AsyncOutput, readAsyncOutput } from './async-output.ts';

/**
 * How long `cancelAll()` waits for killed hooks to exit: the runner's SIGTERM→SIGKILL grace (2 s)
 * plus slack. A runner that ignores its abort signal is reported cancelled after this.
 */
export const ASYNC_CANCEL_WAIT_MS = 5_000;

/** One finished background hook, as `engine.collectAsyncResults()` returns it (claude-code-hooks.md §4.7). */
export interface AsyncHookResult {
  /** The hook's id, also in the firing dispatch's `backgrounded[]`. */
  id: string;
  event: EventName;
  sessionId: string;
  source: SourceRef;
  type: HandlerType;
  label: string;
  /** How it went async: its `async`/`asyncRewake` setting, or a first stdout line `{"async":true}`. */
  mode: 'async' | 'asyncRewake' | 'first-line';
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

export interface AsyncRegistryOptions {
  onWake?: (wake: AsyncWake) => void;
  /** Called once per hook when it has finished (telemetry). */
  onFinished?: (start: AsyncHookStart, result: AsyncHookResult) => void;
}

interface Running {
  start: AsyncHookStart;
  settled: Promise<void>;
}

/**
 * The engine's AsyncHookRegistry (seed 004 "async and asyncRewake"): background hooks keyed by
 * id until they exit; their results wait in a queue for the host's next poll. Nothing is
 * deduplicated: every firing is its own entry (claude-code-hooks.md §4.7).
 */
export class AsyncHookRegistry {
  readonly #running = new Map<string, Running>();
  #finished: AsyncHookResult[] = [];
  #closed = false;
  readonly #options: AsyncRegistryOptions;

  constructor(options: AsyncRegistryOptions = {}) {
    this.#options = options;
  }

  track(start: AsyncHookStart): void {
    const settled = start.completion.then(
      (result) => this.#finish(start, result),
      (error: unknown) => this.#finish(start, runnerCrash(error)),
    );
    this.#running.set(start.id, { start, settled });
    // A dispatch still under way when close() ran must not leave a hook behind.
    if (this.#closed) start.abort.abort(new Error('engine closed'));
  }

  /** Hooks still running. */
  get pending(): number {
    return this.#running.size;
  }

  /** Results of hooks that finished since the last call, oldest first. */
  collect(): AsyncHookResult[] {
    const done = this.#finished;
    this.#finished = [];
    return done;
  }

  /** Resolves once no hook is running (hooks started meanwhile are waited for too). */
  async waitForAll(): Promise<void> {
    while (this.#running.size > 0) {
      await Promise.all([...this.#running.values()].map((entry) => entry.settled));
    }
  }

  /**
   * Kills every running hook (its process group, through the runner's abort signal), and any
   * tracked later; waits until they are reported.
   */
  async cancelAll(waitMs: number = ASYNC_CANCEL_WAIT_MS): Promise<void> {
    this.#closed = true;
    const running = [...this.#running.values()];
    if (running.length === 0) return;
    for (const entry of running) entry.start.abort.abort(new Error('engine closed'));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([Promise.all(running.map((entry) => entry.settled)), deadline]);
    clearTimeout(timer);
    for (const entry of running) {
      if (this.#running.has(entry.start.id)) this.#finish(entry.start, abandoned(entry.start));
    }
  }

  #finish(start: AsyncHookStart, raw: RunnerResult): void {
    if (!this.#running.delete(start.id)) return;
    const result = finalize(start, raw);
    if (result.outcome === 'blocking' && this.#options.onWake) {
      result.woke = true;
      const message = raw.stderr.trim() || raw.stdout.trim();
      try {
        this.#options.onWake({
          id: start.id,
          event: start.event,
          sessionId: start.sessionId,
          source: start.handler.source,
          label: start.label,
          message,
        });
      } catch (error) {
        result.warnings.push(`the host's onAsyncWake callback threw: ${(error as Error)?.message ?? error}`);
      }
    }
    this.#finished.push(result);
    this.#options.onFinished?.(start, result);
  }
}

function finalize(start: AsyncHookStart, raw: RunnerResult): AsyncHookResult {
  const { handler, event } = start;
  const interpretation = interpret(handler, event, raw, start.profile);
  const output: AsyncOutput = readAsyncOutput(handler, event, raw.stdout, start.mode === 'first-line');
  const warnings = [...(raw.notes ?? []), ...output.warnings];
  if (raw.stdoutTruncated) warnings.push('stdout was truncated at the output cap');
  if (raw.stderrTruncated) warnings.push('stderr was truncated at the output cap');
  // An exit 2 blocks nothing here: the action went ahead long ago (§4.7). With asyncRewake it
  // interrupts the model instead (§4.2), on any event.
  const rewakes = start.mode === 'asyncRewake' && raw.exitCode === 2 && !raw.cancelled && !raw.timedOut;
  const outcome: Outcome = rewakes
    ? 'blocking'
    : interpretation.outcome === 'blocking'
      ? 'non-blocking-error'
      : interpretation.outcome;
  if (raw.exitCode === 2 && !rewakes) {
    warnings.push('exit 2 from an async hook blocks nothing: the action it followed has already happened');
  } else if (outcome !== 'success' && outcome !== 'blocking') {
    warnings.push(interpretation.explanation);
  }
  // Like a sync hook, only a successful run's JSON counts (claude-code-hooks.md §3.3).
  const ok = outcome === 'success';
  return {
    id: start.id,
    event,
    sessionId: start.sessionId,
    source: handler.source,
    type: handler.type,
    label: start.label,
    mode: start.mode,
    outcome,
    exitCode: raw.exitCode,
    signal: raw.signal,
    durationMs: raw.durationMs,
    stdout: raw.stdout,
    stderr: raw.stderr,
    output: output.json,
    additionalContext: ok ? output.additionalContext : null,
    systemMessage: ok ? output.systemMessage : null,
    warnings,
    woke: false,
  };
}

function runnerCrash(error: unknown): RunnerResult {
  return runnerResult({
    failure: {
      code: 'ENGINE_RUNNER_FAILED',
      message: `the runner failed: ${(error as Error)?.message ?? error}`,
    },
    durationMs: 0,
  });
}

function abandoned(start: AsyncHookStart): RunnerResult {
  return runnerResult({
    cancelled: true,
    durationMs: 0,
    notes: [`${start.label} did not exit within ${ASYNC_CANCEL_WAIT_MS} ms of being killed`],
  });
}
