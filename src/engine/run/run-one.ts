import type { NormalizedHandler } from '../../model/handler.ts';
import { type RunnerResult, type RunRequest, runnerResult } from '../../runners/types.ts';
import type { RunnerRegistry } from './runner-registry.ts';

/** Runs one handler; a runner that throws is reported as a failure, never as a crash. */
export function runOne(registry: RunnerRegistry, request: RunRequest): Promise<RunnerResult> {
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
