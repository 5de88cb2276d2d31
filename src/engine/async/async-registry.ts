import { type RunnerResult, runnerResult } from '../../runners/types.ts';
import type { HookRunReport } from '../dispatch/result.ts';
import { loadOutputReader, mayHoldJson } from '../read-output/output-reader-load.ts';
import { readAsyncRun } from './async-output.ts';
import type { AsyncHookResult, AsyncHookStart, AsyncWake } from './async-types.ts';

export type { AsyncHookResult, AsyncHookStart, AsyncWake } from './async-types.ts';

/**
 * How long `cancelAll()` waits for killed hooks to exit: the runner's SIGTERM→SIGKILL grace (2 s)
 * plus slack. A runner that ignores its abort signal is reported cancelled after this.
 */
export const ASYNC_CANCEL_WAIT_MS = 5_000;

export interface AsyncRegistryOptions {
  onWake?: (wake: AsyncWake) => void;
  /** Called once per hook when it has finished, with its run report (telemetry). */
  onFinished?: (start: AsyncHookStart, result: AsyncHookResult, report: HookRunReport) => void;
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
      async (result) => {
        const loading = mayHoldJson(result) ? loadOutputReader() : undefined;
        if (loading) await loading;
        this.#finish(start, result);
      },
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
    const { result, report } = readAsyncRun(start, raw);
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
    this.#options.onFinished?.(start, result, report);
  }
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
    diagnostics: [
      {
        code: 'RUNNER_CANCELLED',
        message: `${start.label} did not exit within ${ASYNC_CANCEL_WAIT_MS} ms of being killed`,
      },
    ],
  });
}
