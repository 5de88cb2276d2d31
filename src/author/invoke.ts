import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import { EVENT_BY_NAME } from '../events/catalogue.ts';
import type { EventName } from '../model/event-name.ts';
import { combine, type HookResponse, mergeInput } from './combine.ts';
import { checkHostOverride, detectHost, type HostSource } from './detect-host.ts';
import { answerFailure, FAILURE_CODES, type FailureKind, type HookFailure, type OnError } from './failure.ts';
import { readPayload } from './read-input.ts';
import { render } from './render.ts';
import type { Host } from './types.ts';

/** The SDK answers this share of the host's default timeout, so its own outcome wins the race. */
export const HOST_TIMEOUT_SHARE = 0.9;
/** Copilot CLI's `timeoutSec` default (other-agents-hooks.md §1.1) and VS Code's (§2.3), in seconds. */
const COPILOT_DEFAULT_TIMEOUT_SEC = 30;
const VSCODE_DEFAULT_TIMEOUT_SEC = 30;
const MS_PER_SECOND = 1000;

/** The default `timeoutMs`: 90% of the host's default command timeout for the event. */
export function defaultTimeoutMs(host: Host, event: EventName): number {
  const seconds =
    host === 'copilot-cli'
      ? COPILOT_DEFAULT_TIMEOUT_SEC
      : host === 'vscode'
        ? VSCODE_DEFAULT_TIMEOUT_SEC
        : EVENT_BY_NAME[event].defaultTimeoutSec;
  return Math.floor(seconds * MS_PER_SECOND * HOST_TIMEOUT_SHARE);
}

/** What the handler gets besides its input. */
export interface HookContext<E extends EventName = EventName> {
  readonly event: E;
  /** The host that ran the hook (detected, or given by `host` / `AGENT_HOOKS_HOST`). */
  readonly host: Host;
  /** Aborted when `timeoutMs` passes (the hook has already answered with its onError outcome). */
  readonly signal: AbortSignal;
  /** The payload as the host sent it, before it was made canonical. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/** One hook, as defineHook() stores it. */
export interface HookDefinition {
  event: EventName;
  handler: (input: never, context: HookContext<never>) => unknown;
  name?: string | undefined;
  tools?: readonly string[] | undefined;
  onError?: OnError<EventName> | undefined;
  timeoutMs?: number | undefined;
  host?: Host | undefined;
}

export interface InvokeOptions {
  /** The host to answer, instead of detecting it. */
  host?: Host;
  /** Environment for host detection (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Cancels the handler (its signal aborts); the answer is then the onError outcome. */
  signal?: AbortSignal;
  /** The script's path, named in messages (the runner passes it). */
  file?: string;
  /** Set when stdin could not be read as JSON: the reason. */
  unreadable?: string;
}

/** Everything one run produced: what the process prints, and why. */
export interface HookRun {
  host: Host;
  hostSource: HostSource;
  exitCode: number;
  /** The JSON object printed on stdout. */
  output: Record<string, unknown>;
  stdout: string;
  stderr: string;
  /** The host-neutral answer before it was fitted to the host. */
  response: HookResponse;
  failure: HookFailure | undefined;
  /** Coded lines written to stderr (failures, dropped answers), besides an exit-2 reason. */
  diagnostics: string[];
}

const TIMED_OUT = Symbol('timed out');

/**
 * An abort reason: an error the handler's promise chain did not catch (an uncaught exception or
 * an unhandled rejection in the hook process), which the runner turns into a `threw` failure.
 */
export class EscapedError {
  constructor(readonly error: unknown) {}
}

function line(code: ErrorCode, message: string): string {
  return `agent-hooks: ${code}: ${message}. Fix: ${ERROR_CODES[code].fix}`;
}

function failure(kind: FailureKind, message: string, error?: unknown): HookFailure {
  return { kind, code: FAILURE_CODES[kind], message, ...(error !== undefined ? { error } : {}) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function callHandler(
  def: HookDefinition,
  input: Record<string, unknown>,
  context: HookContext,
  timeoutMs: number,
  abort: AbortController,
): Promise<{ value: unknown } | { failure: HookFailure }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    abort.signal.addEventListener('abort', () => resolve(TIMED_OUT), { once: true });
  });
  try {
    const handler = def.handler as (input: unknown, context: HookContext) => unknown;
    const value = await Promise.race([Promise.resolve().then(() => handler(input, context)), deadline]);
    if (value !== TIMED_OUT) return { value };
    const { reason } = abort.signal;
    if (reason instanceof EscapedError) {
      return {
        failure: failure('threw', `an error escaped the handler: ${errorText(reason.error)}`, reason.error),
      };
    }
    const why = abort.signal.aborted ? 'was cancelled' : `did not answer within ${timeoutMs} ms`;
    abort.abort('timeout');
    return { failure: failure('timeout', `the handler ${why}`) };
  } catch (error) {
    return { failure: failure('threw', `the handler threw ${errorText(error)}`, error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The handler's answer, or the failure that replaces it. */
async function answer(
  def: HookDefinition,
  payload: unknown,
  context: Omit<HookContext, 'payload'>,
  options: InvokeOptions,
  timeoutMs: number,
  abort: AbortController,
): Promise<{ response: HookResponse } | { failure: HookFailure }> {
  if (options.unreadable !== undefined) return { failure: failure('invalid-payload', options.unreadable) };
  const read = readPayload(def.event, payload);
  if (!read.ok) return { failure: failure('invalid-payload', read.message) };
  if (def.tools && !def.tools.includes(read.input.tool_name as string))
    return { response: combine(def.event, undefined) };
  const full = { ...context, payload: payload as Record<string, unknown> };
  const called = await callHandler(def, read.input, full, timeoutMs, abort);
  const answered = 'failure' in called ? called : respond(def.event, called.value, read.input);
  // A tool input that does not fit its tool's shape fails the run once the handler read it,
  // whatever the handler made of the error (read-input.ts).
  const problem = read.toolInputProblem;
  return problem?.read ? { failure: failure('invalid-payload', problem.message) } : answered;
}

function respond(
  event: EventName,
  value: unknown,
  input: Record<string, unknown>,
): { response: HookResponse } | { failure: HookFailure } {
  try {
    const response = combine(event, value);
    if (response.inputPatch) response.updatedInput = mergeInput(input.tool_input, response.inputPatch);
    return { response };
  } catch (error) {
    return { failure: failure('invalid-return', error instanceof Error ? error.message : String(error)) };
  }
}

/** Runs one hook on one payload and returns what its process prints; never throws. */
export async function invokeHook(
  def: HookDefinition,
  payload: unknown,
  options: InvokeOptions = {},
): Promise<HookRun> {
  const env = options.env ?? process.env;
  const diagnostics: string[] = [];
  const override = checkHostOverride(env);
  if (override) diagnostics.push(line('AUTHOR_BAD_HOST_OVERRIDE', override));
  const { host, source } = detectHost(payload, env, options.host ?? def.host);
  const timeoutMs = options.timeoutMs ?? def.timeoutMs ?? defaultTimeoutMs(host, def.event);
  const abort = new AbortController();
  const onCallerAbort = () =>
    abort.abort(options.signal?.reason instanceof EscapedError ? options.signal.reason : 'cancelled');
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  // The reason the model and user see names the hook; stderr lines also name its file.
  const name = `${def.event} hook ${JSON.stringify(def.name ?? 'hook')}`;
  const label = options.file ? `${name} (${options.file})` : name;
  const context = { event: def.event, host, signal: abort.signal };
  const result = await answer(def, payload, context, options, timeoutMs, abort);
  options.signal?.removeEventListener('abort', onCallerAbort);
  let response: HookResponse;
  let hookFailure: HookFailure | undefined;
  if ('failure' in result) {
    hookFailure = result.failure;
    const handled = await answerFailure(def.event, hookFailure, def.onError, name);
    response = handled.response;
    diagnostics.push(line(hookFailure.code, `${label}: ${hookFailure.message}; answered ${handled.outcome}`));
    if (handled.onErrorProblem)
      diagnostics.push(line('AUTHOR_ON_ERROR_FAILED', `${label}: ${handled.onErrorProblem}`));
  } else {
    response = result.response;
  }
  const rendered = render(host, def.event, response);
  for (const warning of rendered.warnings)
    diagnostics.push(line('AUTHOR_UNSUPPORTED_ON_HOST', `${label}: ${warning}`));
  // With exit 2 the host reads stderr as the reason: it must hold the reason alone.
  const stderr = rendered.exitCode === 2 ? rendered.stderr : diagnostics.map((text) => `${text}\n`).join('');
  return {
    host,
    hostSource: source,
    exitCode: rendered.exitCode,
    output: rendered.output,
    stdout: `${JSON.stringify(rendered.output)}\n`,
    stderr,
    response,
    failure: hookFailure,
    diagnostics,
  };
}
