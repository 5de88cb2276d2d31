import { monotonicMs } from '../../model/clock.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { MAX_JSON_DEPTH, textTooDeep, valueTooDeep } from '../../model/json-depth.ts';
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
  const started = monotonicMs();
  const failed = (error: unknown): RunnerResult =>
    runnerResult({
      failure: { code: 'ENGINE_RUNNER_FAILED', message: describeRunnerError(request.handler, error) },
      durationMs: Math.round(monotonicMs() - started),
    });
  // No extra async frame when the runner is already loaded (bench function-hook-throughput).
  const runner = registry.peek(request.handler.type);
  try {
    const running = runner
      ? runner(request)
      : registry.get(request.handler.type).then((loaded) => loaded(request));
    return running.then(refuseTooDeep, failed);
  } catch (error) {
    return Promise.resolve(failed(error));
  }
}

/**
 * Output nested deeper than `MAX_JSON_DEPTH` would overflow the stack of whoever serializes the
 * result (`run --json`, the audit log) and lose every other hook's decision: it is this hook's
 * invalid output instead, a failure its own `onFailure` policy decides. A non-zero exit keeps its
 * meaning (exit 2 still blocks); only the deep JSON is dropped.
 */
function refuseTooDeep(result: RunnerResult): RunnerResult {
  const deepObject = result.output !== undefined && valueTooDeep(result.output);
  const deepText = !deepObject && result.stdout.trimStart().startsWith('{') && textTooDeep(result.stdout);
  if (!deepObject && !deepText) return result;
  if (deepObject) delete result.output;
  const message = `the hook's output is nested deeper than ${MAX_JSON_DEPTH} levels; it is not read`;
  if (result.exitCode === 0 || deepObject) result.failure = { code: 'ENGINE_OUTPUT_TOO_DEEP', message };
  result.diagnostics = [...(result.diagnostics ?? []), { code: 'ENGINE_OUTPUT_TOO_DEEP', message }];
  return result;
}

function describeRunnerError(handler: NormalizedHandler, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `the ${handler.type} runner failed for ${handler.event} hook from ${handler.source.file}: ${detail}`;
}
