import type { EventName } from '../model/event-name.ts';
import type { NormalizedHandler } from '../model/handler.ts';

/**
 * What the engine hands to any runner. Runners never interpret decisions: they report what the
 * handler produced, and the engine's interpreter turns that into an outcome.
 */
export interface RunRequest<H extends NormalizedHandler = NormalizedHandler> {
  handler: H;
  event: EventName;
  /** The payload already rendered in the handler's dialect. */
  payload: Record<string, unknown>;
  /** `JSON.stringify(payload)`, computed once per dispatch and dialect. */
  payloadJson: string;
  /** Project root: `CLAUDE_PROJECT_DIR`, base of relative `cwd`. */
  projectDir: string;
  sessionId: string;
  /** Effective timeout (explicit, else event/profile default). */
  timeoutMs: number;
  signal: AbortSignal;
  /** Base environment for processes (defaults to `process.env`). */
  env: NodeJS.ProcessEnv;
  /** Merged policy keys that runners enforce (claude-code-hooks.md §6.2). */
  policy: RunnerPolicy;
  /** The conversation history, when the host passes one (function hooks receive it). */
  messages?: readonly unknown[];
  /** Called with partial output while a process runs (telemetry samples it into `progress`). */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
  /** Called with each progress message a handler reports while it runs. */
  onProgress?: (message: string) => void;
  /**
   * Process runners call this once with the first complete stdout line. Returning an object means
   * the caller has stopped waiting (the hook went async, claude-code-hooks.md §3.2): the run goes
   * on until the process exits, with `timeoutMs` (if given) replacing the timeout from now on.
   */
  onFirstStdoutLine?: (line: string) => { timeoutMs?: number } | undefined;
}

export interface RunnerPolicy {
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
}

/**
 * The raw result of one handler run. Process-backed runners fill every field; other runners
 * behave "like a command": a JSON answer is `exitCode: 0` with `stdout` holding the JSON text,
 * a blocking answer is `exitCode: 2` with `stderr` holding the reason, and a transport failure
 * (HTTP 500, connection refused, model missing) is `failure`.
 */
export interface RunnerResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Set when the handler could not be started at all; never confused with exit code 127. */
  spawnError?: { code: string; message: string };
  /** Set when a non-process runner failed (network error, non-2xx, bad model answer). */
  failure?: { code: string; message: string };
  durationMs: number;
  stdoutTruncated?: boolean;
  stderrTruncated?: boolean;
  /** Copilot progress lines separated from stdout. */
  progress?: string[];
  /** `export NAME=value` lines a hook wrote to `CLAUDE_ENV_FILE`. */
  envExports?: Record<string, string>;
  pid?: number;
  /** Non-fatal observations (e.g. CLAUDE_HOOK_INPUT omitted because the input was too large). */
  notes?: string[];
}

export type HandlerRunner<H extends NormalizedHandler = NormalizedHandler> = (
  request: RunRequest<H>,
) => Promise<RunnerResult>;

/**
 * A result with every field at its "nothing happened" value; a runner overrides what it
 * observed. The one place that knows the shape, so every runner reports the same fields.
 */
export function runnerResult(fields: Partial<RunnerResult> & Pick<RunnerResult, 'durationMs'>): RunnerResult {
  return {
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    cancelled: false,
    ...fields,
  };
}
