import type { ErrorCode } from '../errors.ts';
import type { EventName } from '../model/event-name.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';

/**
 * What the engine hands to any runner. Runners never interpret decisions: they report what the
 * handler produced, and the engine's interpreter turns that into an outcome.
 */
export interface RunRequest<H extends NormalizedHandler = NormalizedHandler> {
  handler: H;
  event: EventName;
  /**
   * The canonical event input (Claude's snake_case fields, common fields filled in). Runners read
   * fields from here, never from the rendered payload, whose shape depends on the dialect.
   */
  input: Readonly<Record<string, unknown>>;
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
  /**
   * Aborts when the dispatch is cancelled or the engine closes, even after the run itself settled:
   * background children a command hook left behind (`sleep 60 &`) are ended then.
   */
  lifetime?: AbortSignal;
  /** Base environment for processes (defaults to `process.env`). */
  env: NodeJS.ProcessEnv;
  /**
   * The host the engine emulates; a command runner starts processes the way that host does
   * (copilot-cli-observed.md "How hooks are started"). Unset: Claude Code's way.
   */
  host?: ProfileName;
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
   * on until the process exits, with `timeoutMs` (if given) replacing the timeout and `signal` (if
   * given) replacing `signal` as what cancels the run, from now on.
   */
  onFirstStdoutLine?: (line: string) => { timeoutMs?: number; signal?: AbortSignal } | undefined;
}

export interface RunnerPolicy {
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
}

/** A problem a runner observed, reported once with its own code (e.g. RUNNER_OUTPUT_TRUNCATED). */
export interface RunnerDiagnostic {
  code: ErrorCode;
  message: string;
}

/** A model's answer to a prompt or agent hook (claude-code-hooks.md §4.5, §4.6). */
export interface ModelVerdict {
  ok: boolean;
  reason?: string;
  /** With `ok: false` on Stop/SubagentStop: the condition can never be met, so the stop goes ahead. */
  impossible?: boolean;
}

/**
 * The raw result of one handler run: what the handler produced, never a decision. Process
 * runners fill the process fields; a runner that has an answer object returns it as such
 * (`output`, `verdict`) rather than printing it for the engine to parse again. A transport
 * failure (HTTP 500, connection refused, model missing) is `failure`.
 */
export interface RunnerResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /**
   * The handler's answer as an object (a function hook's return value, an HTTP hook's JSON body):
   * read as the hook's JSON output, exactly as a JSON stdout would be.
   */
  output?: Record<string, unknown>;
  /** A model's verdict (prompt and agent hooks); `ok: false` has the event's exit-2 meaning. */
  verdict?: ModelVerdict;
  timedOut: boolean;
  cancelled: boolean;
  /** Set when the handler could not be started at all; never confused with exit code 127. */
  spawnError?: { code: ErrorCode; message: string };
  /** Set when a non-process runner failed (network error, non-2xx, bad model answer). */
  failure?: { code: ErrorCode; message: string };
  durationMs: number;
  stdoutTruncated?: boolean;
  stderrTruncated?: boolean;
  /** Copilot progress lines separated from stdout. */
  progress?: string[];
  /** `export NAME=value` lines a hook wrote to `CLAUDE_ENV_FILE`. */
  envExports?: Record<string, string>;
  pid?: number;
  /** Problems observed along the way (truncated output, CLAUDE_HOOK_INPUT omitted, a timeout). */
  diagnostics?: RunnerDiagnostic[];
  /** HTTP hooks whose request was sent: how it was routed and which policy let it through. */
  http?: HttpRunNotes;
}

/**
 * What the HTTP runner did with a request it sent (issue 12 "A result a host can act on"): the
 * proxy, whether the SSRF guard judged the addresses, and the `allowedHttpHookUrls` entry.
 */
export interface HttpRunNotes {
  /** The URL requested, as the WHATWG parser normalised it. */
  url: string;
  /** The proxy that carried the request (credentials removed) and the variable naming it; null: direct. */
  proxy: { url: string; variable: string } | null;
  /** A proxy variable is set but this NO_PROXY variable exempted the URL, so it went direct. */
  proxyExemptBy?: string;
  /**
   * `applied`: every address the host resolves to was vetted at connect time and the socket went
   * to a vetted address. `bypassed-by-proxy`: the proxy resolved and dialled the host, so neither
   * the proxy's address nor the host's was vetted (claude-code-hooks.md §4.3).
   */
  ssrfGuard: 'applied' | 'bypassed-by-proxy';
  /** `unset`: no `allowedHttpHookUrls`, every URL allowed; `matched`: `pattern` allowed this URL. */
  allowlist: { status: 'unset' } | { status: 'matched'; pattern: string };
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
