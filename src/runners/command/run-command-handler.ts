import type { Dialect } from '../../model/dialect.ts';
import type { CommandHandler } from '../../model/handler.ts';
import { deadlineDiagnostic } from '../deadline.ts';
import {
  type HandlerRunner,
  type RunnerDiagnostic,
  type RunnerResult,
  type RunRequest,
  runnerResult,
} from '../types.ts';
import {
  buildHookEnvironment,
  ENV_FILE_EVENTS,
  type HookEnvironment,
  INPUT_DERIVED_ENV_VARS,
  parseEnvExports,
  resolveHookCwd,
} from './environment.ts';
import type { ProcessOptions } from './process-options.ts';
import { createProcessSlots, type ProcessSlots, sharedProcessSlots, slotClaimOf } from './process-slots.ts';
import { type ResolvedCommand, resolveCommand } from './resolve.ts';
import { runInSlot } from './run-in-slot.ts';
import { consumeEnvFile, createEnvFile } from './temp-files.ts';

/** Tuning knobs an embedder (or a test) may change; the defaults follow the hosts. */
export interface CommandRunnerOptions {
  /** The OS whose command fields are chosen (default: this one); process handling always follows the real OS. */
  platform?: NodeJS.Platform;
  maxOutputBytes?: number;
  killGraceMs?: number;
  drainMs?: number;
  windowsPowerShell?: 'powershell' | 'pwsh';
  /**
   * Most hook processes this runner runs at once; the rest queue (default: shared by every default
   * runner of the process, an eighth of the soft descriptor limit, at most 256).
   */
  maxConcurrentProcesses?: number;
}

const PROGRESS_DIALECTS: ReadonlySet<Dialect> = new Set(['copilot', 'copilot-compat']);

/** Builds a command runner with non-default options. */
export function createCommandRunner(options: CommandRunnerOptions = {}): HandlerRunner<CommandHandler> {
  const own = options.maxConcurrentProcesses;
  const slots = own === undefined ? undefined : createProcessSlots(Math.max(1, Math.floor(own)));
  const withSlots = slots ? { ...options, slots } : options;
  return (request) => runCommand(request, withSlots);
}

function slotsFor(options: CommandRunnerOptions & { slots?: ProcessSlots }): ProcessSlots {
  return options.slots ?? sharedProcessSlots();
}

/** The engine's runner for `type: "command"` handlers, with default options. */
export const runCommandHandler: HandlerRunner<CommandHandler> = (request) => runCommand(request, {});

async function runCommand(
  request: RunRequest<CommandHandler>,
  options: CommandRunnerOptions,
): Promise<RunnerResult> {
  const resolved = resolveFor(request, options);
  if ('error' in resolved) {
    const spawnError: RunnerDiagnostic = { code: 'RUNNER_NO_COMMAND', message: resolved.error };
    return runnerResult({ durationMs: 0, spawnError, diagnostics: [spawnError] });
  }
  // Claude Code sends the input JSON followed by a newline (claude-code-hooks.md §4.2); Copilot CLI
  // sends it without one (copilot-cli-observed.md "How hooks are started").
  const newline = request.host === 'copilot-cli' ? '' : '\n';
  const input = Buffer.from(`${request.payloadJson}${newline}`);
  const envFile = ENV_FILE_EVENTS.has(request.event) ? await createEnvFile() : undefined;
  const environment = buildHookEnvironment(request, {
    inputBytes: input.length - newline.length,
    ...(envFile !== undefined ? { envFile } : {}),
  });
  const result = await runWithinEnvLimit(request, options, resolved, environment, input);
  if (envFile !== undefined) {
    const exports = parseEnvExports(await consumeEnvFile(envFile));
    if (Object.keys(exports).length > 0) result.envExports = exports;
  }
  const diagnostics = [...environment.diagnostics, ...runDiagnostics(result, request.timeoutMs)];
  if (diagnostics.length > 0) result.diagnostics = diagnostics;
  return result;
}

/**
 * Runs the process; when the kernel refuses the environment (E2BIG) while it carries variables the
 * engine derived from the input, runs it once more without them. The engine made the environment,
 * so the overflow is the engine's fault and must not cost the hook its run (and a guard its verdict).
 */
async function runWithinEnvLimit(
  request: RunRequest<CommandHandler>,
  options: CommandRunnerOptions,
  resolved: ResolvedCommand,
  environment: HookEnvironment,
  input: Buffer,
): Promise<RunnerResult> {
  const { env } = environment;
  const slots = slotsFor(options);
  const claim = slotClaimOf(request.handler.source.scope);
  const result = await runInSlot(processOptions(request, options, resolved, env, input), slots, claim);
  const derived = INPUT_DERIVED_ENV_VARS.filter((name) => env[name] !== undefined);
  if (!result.spawnError?.message.includes('E2BIG') || derived.length === 0) return result;
  const slim: NodeJS.ProcessEnv = { ...env };
  for (const name of derived) delete slim[name];
  environment.diagnostics.push({
    code: 'RUNNER_INPUT_ENV_TOO_LARGE',
    message: `the environment exceeded the kernel limit (E2BIG); ran the hook again without ${derived.join(' and ')}`,
  });
  return runInSlot(processOptions(request, options, resolved, slim, input), slots, claim);
}

/**
 * What each handler's command fields resolved to, for the options they were resolved under: the
 * same for every run of the handler, and 15-25 µs of placeholder and quoting work between hook runs
 * (issue 16 item 4, command-overhead-n1). Keyed by the handler object, which a reload replaces.
 */
const resolvedCommands = new WeakMap<
  CommandHandler,
  { key: string; resolved: ResolvedCommand | { error: string } }
>();

/** The handler's command fields as one executable + argv for this platform. */
function resolveFor(
  request: RunRequest<CommandHandler>,
  options: CommandRunnerOptions,
): ResolvedCommand | { error: string } {
  const { handler } = request;
  const platform = options.platform ?? process.platform;
  const key = `${platform}\0${request.host}\0${options.windowsPowerShell}\0${request.projectDir}`;
  const known = resolvedCommands.get(handler);
  if (known?.key === key) return known.resolved;
  const substitutions: Record<string, string> = { CLAUDE_PROJECT_DIR: request.projectDir };
  if (handler.source.pluginRoot !== undefined) substitutions.CLAUDE_PLUGIN_ROOT = handler.source.pluginRoot;
  if (handler.source.pluginData !== undefined) substitutions.CLAUDE_PLUGIN_DATA = handler.source.pluginData;
  const resolved = resolveCommand(handler.spec, {
    dialect: handler.dialect,
    platform,
    substitutions,
    ...(request.host ? { host: request.host } : {}),
    ...(options.windowsPowerShell ? { windowsPowerShell: options.windowsPowerShell } : {}),
  });
  // Shared by every later run: nobody may change the argv another run spawns.
  if (!('error' in resolved)) Object.freeze(resolved.args);
  resolvedCommands.set(handler, { key, resolved });
  return resolved;
}

function processOptions(
  request: RunRequest<CommandHandler>,
  options: CommandRunnerOptions,
  resolved: ResolvedCommand,
  env: NodeJS.ProcessEnv,
  input: Buffer,
): ProcessOptions {
  const processOptions: ProcessOptions = {
    file: resolved.file,
    args: resolved.args,
    shell: resolved.shell,
    display: resolved.display,
    dialect: request.handler.dialect,
    cwd: resolveHookCwd(request.handler.spec.cwd, request.projectDir),
    env,
    input,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    lifetime: request.lifetime ?? request.signal,
    progressLines: PROGRESS_DIALECTS.has(request.handler.dialect),
  };
  if (request.onProgress) processOptions.onProgress = request.onProgress;
  if (request.onFirstStdoutLine) processOptions.onFirstStdoutLine = request.onFirstStdoutLine;
  if (request.onOutput) processOptions.onOutput = request.onOutput;
  if (options.maxOutputBytes !== undefined) processOptions.maxOutputBytes = options.maxOutputBytes;
  if (options.killGraceMs !== undefined) processOptions.killGraceMs = options.killGraceMs;
  if (options.drainMs !== undefined) processOptions.drainMs = options.drainMs;
  return processOptions;
}

/**
 * Each problem of the run once, with its own code: a spawn failure, truncated output, the deadline,
 * the shell. A hook that never started is a guard that did not judge: its reason must reach the
 * dispatch result's diagnostics, not only `spawnError` (the shell's 127 already has its note).
 */
function runDiagnostics(result: RunnerResult, timeoutMs: number): RunnerDiagnostic[] {
  const found: RunnerDiagnostic[] = [...(result.diagnostics ?? [])];
  const failed = result.spawnError;
  if (failed && !found.some((known) => known.code === failed.code)) {
    found.push({ code: failed.code, message: failed.message });
  }
  if (result.stdoutTruncated || result.stderrTruncated) {
    const which = [result.stdoutTruncated && 'stdout', result.stderrTruncated && 'stderr'].filter(Boolean);
    found.push({
      code: 'RUNNER_OUTPUT_TRUNCATED',
      message: `${which.join(' and ')} truncated at the output cap`,
    });
  }
  const ended = deadlineDiagnostic(result, 'the command hook', timeoutMs);
  if (ended && !found.some((known) => known.code === ended.code)) found.push(ended);
  return found;
}
