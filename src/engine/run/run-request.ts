// Builds the RunRequest of each handler of one dispatch: the payload rendered once per dialect,
// the effective timeout, and the policy keys runners enforce.
import { httpPolicyFor } from '../../config/policy/http-policy.ts';
import { renderPayload } from '../../events/payload.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunRequest } from '../../runners/types.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchScope } from './dispatch-scope.ts';

interface Rendered {
  payload: Record<string, unknown>;
  json: string | undefined;
}

/**
 * Returns a request builder for the dispatch; it renders each dialect's payload at most once. With
 * more than one command hook (`hooks`) and no `env` option, the hooks share one copy of
 * `process.env`, taken when the first request is built (see `hostEnvironment`).
 */
export function requestBuilder(
  ctx: EngineContext,
  scope: DispatchScope,
  hooks = 1,
): (handler: NormalizedHandler) => RunRequest {
  const { event, input } = scope;
  let env: NodeJS.ProcessEnv | undefined;
  const hostEnv = (): NodeJS.ProcessEnv => {
    env ??= ctx.options.env ?? hostEnvironment(hooks);
    return env;
  };
  const rendered = new Map<Dialect, Rendered>();
  const defaultSec = ctx.profile.eventTimeouts ? scope.spec.defaultTimeoutSec : undefined;
  let now: Date | undefined;
  const renderFor = (dialect: Dialect): Rendered => {
    let cached = rendered.get(dialect);
    if (!cached) {
      now ??= new Date();
      const payload = renderPayload(event, input, dialect, {
        sessionId: scope.sessionId,
        transcriptPath: String(input.transcript_path),
        cwd: String(input.cwd),
        now,
      });
      cached = { payload, json: undefined };
      rendered.set(dialect, cached);
    }
    return cached;
  };
  return (handler) => {
    // An in-process Claude-dialect callback gets the canonical input as is (common fields are
    // already filled; key order only matters on the wire): a shallow copy, so it cannot change
    // what the other handlers see. Function hooks never read the JSON text.
    const inProcess = handler.type === 'function' && handler.dialect === 'claude';
    const forHandler = inProcess ? { payload: { ...input }, json: undefined } : renderFor(handler.dialect);
    if (handler.type !== 'function') forHandler.json ??= JSON.stringify(forHandler.payload);
    return {
      handler,
      event,
      input,
      payload: forHandler.payload,
      payloadJson: forHandler.json ?? '',
      projectDir: ctx.projectDir,
      sessionId: scope.sessionId,
      timeoutMs: handler.timeoutMs ?? defaultTimeoutMs(ctx, handler, defaultSec),
      signal: scope.signal,
      lifetime: scope.signal,
      env: hostEnv(),
      host: ctx.profile.name,
      messages: scope.messages,
      policy: runnerPolicy(ctx, handler.source.scope === 'managed'),
    };
  };
}

/**
 * The host's environment for the hooks of one dispatch: `process.env` itself for one hook (the
 * runner copies what it passes on), one copy for several. Each read of `process.env` goes through
 * Node's environment accessor, so a copy costs 50 µs hot and 75-100 µs between hook runs, when the
 * caches are cold (measured in a one-hook dispatch, issue 16); ten hooks each copying it cost the
 * engine about 3% against ten bare spawns (issue 16 item 4, command-overhead-n10). The hooks of a
 * dispatch therefore see the environment as it was when its first hook started.
 */
function hostEnvironment(hooks: number): NodeJS.ProcessEnv {
  if (hooks <= 1) return process.env;
  const copy: NodeJS.ProcessEnv = {};
  for (const name of Object.keys(process.env)) copy[name] = process.env[name];
  return copy;
}

const runnerPolicies = new WeakMap<object, { managed: RunRequest['policy']; other: RunRequest['policy'] }>();

/**
 * The policy keys runners enforce, built once per configuration generation: a managed hook obeys
 * only the lists managed settings set, every other hook the union over all files (claude-code-hooks.md
 * §6.2, as the load-time check in claude-policy.ts). One list for all let a project's
 * `allowedHttpHookUrls: []` refuse a managed HTTP guard at request time, a non-blocking error.
 */
function runnerPolicy(ctx: EngineContext, managed: boolean): RunRequest['policy'] {
  let policies = runnerPolicies.get(ctx.snapshot);
  if (!policies) {
    const policy = ctx.snapshot.policy;
    const forScope = (scope: 'managed' | 'project'): RunRequest['policy'] => {
      const { allowedUrls, allowedEnvVars } = httpPolicyFor(policy, scope);
      return {
        ...(allowedUrls ? { allowedHttpHookUrls: allowedUrls } : {}),
        ...(allowedEnvVars ? { httpHookAllowedEnvVars: allowedEnvVars } : {}),
      };
    };
    policies = { managed: forScope('managed'), other: forScope('project') };
    runnerPolicies.set(ctx.snapshot, policies);
  }
  return managed ? policies.managed : policies.other;
}

/** The profile's default per handler type; process-like handlers take the event's when the profile says so. */
function defaultTimeoutMs(
  ctx: EngineContext,
  handler: NormalizedHandler,
  eventDefaultSec: number | undefined,
): number {
  const isProcessLike = handler.type === 'command' || handler.type === 'http' || handler.type === 'mcp_tool';
  const seconds =
    eventDefaultSec !== undefined && isProcessLike
      ? eventDefaultSec
      : ctx.profile.defaultTimeoutSec[handler.type];
  return seconds * 1000;
}
