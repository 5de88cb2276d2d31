import type { NormalizedHandler } from '../../model/handler.ts';
import { MAX_TIMER_MS } from '../../runners/deadline.ts';
import { type RunnerResult, type RunRequest, runnerResult } from '../../runners/types.ts';
import type { RunnerRegistry } from './runner-registry.ts';

/**
 * Runs one handler; a runner that throws is reported as a failure, never as a crash. A timeout Node's
 * timers cannot hold (a programmatic handler's; configuration is clamped when read) is clamped
 * here, with a diagnostic, instead of firing after about 1 ms and failing the hook open.
 */
export function runOne(registry: RunnerRegistry, request: RunRequest): Promise<RunnerResult> {
  if (!(request.timeoutMs <= MAX_TIMER_MS)) {
    const asked = request.timeoutMs;
    const clamped = { ...request, timeoutMs: MAX_TIMER_MS };
    return runRequest(registry, clamped).then((result) => {
      const note = {
        code: 'ENGINE_TIMEOUT_CLAMPED' as const,
        message: `timeout ${asked} ms is beyond what timers can hold; ran with ${MAX_TIMER_MS} ms`,
      };
      result.diagnostics = [...(result.diagnostics ?? []), note];
      return result;
    });
  }
  return runRequest(registry, request);
}

function runRequest(registry: RunnerRegistry, request: RunRequest): Promise<RunnerResult> {
  const started = performance.now();
  const failed = (error: unknown): RunnerResult =>
    runnerResult({
      failure: { code: 'ENGINE_RUNNER_FAILED', message: describeRunnerError(request.handler, error) },
      durationMs: Math.round(performance.now() - started),
    });
  // No extra async frame when the runner is already loaded (bench function-hook-throughput).
  const runner = registry.peek(request.handler.type);
  try {
    const running = runner
      ? runner(request)
      : registry.get(request.handler.type).then((loaded) => loaded(request));
    return running.catch(failed);
  } catch (error) {
    return Promise.resolve(failed(error));
  }
}

function describeRunnerError(handler: NormalizedHandler, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `the ${handler.type} runner failed for ${handler.event} hook from ${handler.source.file}: ${detail}`;
}
