import type { Dialect } from '../../model/dialect.ts';
import type { CommandHandler } from '../../model/handler.ts';
import { type HandlerRunner, type RunnerResult, type RunRequest, runnerResult } from '../types.ts';
import { buildHookEnvironment, ENV_FILE_EVENTS, parseEnvExports, resolveHookCwd } from './environment.ts';
import { type ProcessOptions, runProcess } from './process.ts';
import { resolveCommand } from './resolve.ts';
import { consumeEnvFile, createEnvFile } from './temp-files.ts';

/** Tuning knobs an embedder (or a test) may change; the defaults follow the hosts. */
export interface CommandRunnerOptions {
  /** The OS whose command fields are chosen (default: this one); process handling always follows the real OS. */
  platform?: NodeJS.Platform;
  maxOutputBytes?: number;
  killGraceMs?: number;
  drainMs?: number;
  windowsPowerShell?: 'powershell' | 'pwsh';
}

const PROGRESS_DIALECTS: ReadonlySet<Dialect> = new Set(['copilot', 'copilot-compat']);

/** Builds a command runner with non-default options. */
export function createCommandRunner(options: CommandRunnerOptions = {}): HandlerRunner<CommandHandler> {
  return (request) => runCommand(request, options);
}

/** The engine's runner for `type: "command"` handlers, with default options. */
export const runCommandHandler: HandlerRunner<CommandHandler> = (request) => runCommand(request, {});

async function runCommand(
  request: RunRequest<CommandHandler>,
  options: CommandRunnerOptions,
): Promise<RunnerResult> {
  const { handler } = request;
  const platform = options.platform ?? process.platform;
  const substitutions: Record<string, string> = { CLAUDE_PROJECT_DIR: request.projectDir };
  if (handler.source.pluginRoot !== undefined) substitutions.CLAUDE_PLUGIN_ROOT = handler.source.pluginRoot;
  if (handler.source.pluginData !== undefined) substitutions.CLAUDE_PLUGIN_DATA = handler.source.pluginData;
  const resolved = resolveCommand(handler.spec, {
    dialect: handler.dialect,
    platform,
    substitutions,
    ...(options.windowsPowerShell ? { windowsPowerShell: options.windowsPowerShell } : {}),
  });
  if ('error' in resolved) {
    return runnerResult({
      durationMs: 0,
      spawnError: { code: 'RUNNER_NO_COMMAND', message: resolved.error },
    });
  }

  // Claude Code sends the input JSON followed by a newline (claude-code-hooks.md §4.2).
  const input = Buffer.from(`${request.payloadJson}\n`);
  const envFile = ENV_FILE_EVENTS.has(request.event) ? await createEnvFile() : undefined;
  const { env, notes } = buildHookEnvironment(request, {
    inputBytes: input.length - 1,
    ...(envFile !== undefined ? { envFile } : {}),
  });
  const processOptions: ProcessOptions = {
    file: resolved.file,
    args: resolved.args,
    shell: resolved.shell,
    display: resolved.display,
    cwd: resolveHookCwd(handler.spec.cwd, request.projectDir),
    env,
    input,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    progressLines: PROGRESS_DIALECTS.has(handler.dialect),
  };
  if (request.onProgress) processOptions.onProgress = request.onProgress;
  if (request.onFirstStdoutLine) processOptions.onFirstStdoutLine = request.onFirstStdoutLine;
  if (request.onOutput) processOptions.onOutput = request.onOutput;
  if (options.maxOutputBytes !== undefined) processOptions.maxOutputBytes = options.maxOutputBytes;
  if (options.killGraceMs !== undefined) processOptions.killGraceMs = options.killGraceMs;
  if (options.drainMs !== undefined) processOptions.drainMs = options.drainMs;

  const result = await runProcess(processOptions);
  if (envFile !== undefined) {
    const exports = parseEnvExports(await consumeEnvFile(envFile));
    if (Object.keys(exports).length > 0) result.envExports = exports;
  }
  const allNotes = [...notes, ...(result.notes ?? [])];
  if (result.stdoutTruncated || result.stderrTruncated) {
    const which = [result.stdoutTruncated && 'stdout', result.stderrTruncated && 'stderr'].filter(Boolean);
    allNotes.push(`${which.join(' and ')} truncated at the output cap (RUNNER_OUTPUT_TRUNCATED)`);
  }
  if (allNotes.length > 0) result.notes = allNotes;
  return result;
}
