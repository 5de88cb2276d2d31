import type { EventName } from '../model/event-name.ts';
import type { DefinedHook } from './define-hook.ts';
import type { HookRun } from './invoke.ts';

/**
 * What registerHook needs of an engine: `HookEngine#addFunctionHook` or
 * `SessionHandle#addFunctionHook` from `agent-hooks` (typed structurally, so this subpath does
 * not load the engine).
 */
export interface FunctionHookTarget<R = unknown> {
  addFunctionHook(
    event: EventName,
    matcher: string,
    callback: (input: Record<string, unknown>, signal: AbortSignal) => unknown,
    errorMessage: string,
    options?: { timeout?: number },
  ): R;
}

export interface RegisterHookOptions {
  /** Overrides the hook's own matcher (from `tools`). */
  matcher?: string;
  /** The handler's budget in-process (default: the hook's `timeoutMs`, else 4,500 ms). */
  timeoutMs?: number;
  /** Sees every run: the answer, the failure, the diagnostics a process would print on stderr. */
  onRun?: (run: HookRun) => void;
}

/**
 * In-process budget: just under the engine's 5 s default for function hooks
 * (claude-code-hooks.md §4.8), so the hook's own onError outcome answers before the engine's.
 */
export const IN_PROCESS_TIMEOUT_MS = 4_500;
/** The engine's timeout for the function hook: the hook's budget plus this margin. */
const ENGINE_TIMEOUT_MARGIN_MS = 500;

/**
 * Registers an SDK hook as an in-process function hook of an engine, so it runs (and can be
 * tested) without a process. The engine hands function hooks Claude's canonical payload and
 * reads their answer as Claude JSON, so the hook answers as under Claude Code. Returns what
 * the target returns: the registration (a disposer carrying the hook id).
 */
export function registerHook<R>(
  engine: FunctionHookTarget<R>,
  hook: DefinedHook,
  options: RegisterHookOptions = {},
): R {
  const timeoutMs = options.timeoutMs ?? hook.timeoutMs ?? IN_PROCESS_TIMEOUT_MS;
  const callback = async (input: Record<string, unknown>, signal: AbortSignal): Promise<unknown> => {
    const run = await hook.invoke(input, { host: 'claude-code', env: {}, timeoutMs, signal });
    options.onRun?.(run);
    // A block that only exit 2 carries (TaskCompleted, TeammateIdle): the engine turns a throw
    // from a function hook into exit 2 with the message as stderr.
    if (run.exitCode === 2) throw new Error(run.stderr);
    return run.output;
  };
  return engine.addFunctionHook(hook.event, options.matcher ?? hook.matcher, callback, '', {
    timeout: timeoutMs + ENGINE_TIMEOUT_MARGIN_MS,
  });
}
