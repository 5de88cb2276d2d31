export {
  buildHookEnvironment,
  ENV_FILE_EVENTS,
  HOOK_INPUT_ENV_MAX_BYTES,
  parseEnvExports,
  resolveHookCwd,
  toolInputFilePath,
} from './environment.ts';
export { expandVariables, substitutePlaceholders } from './expand.ts';
export { isProcessTreeAlive, killProcessTree } from './kill-tree.ts';
export { liveProcessCount } from './live-processes.ts';
export { DEFAULT_MAX_OUTPUT_BYTES } from './output-collector.ts';
export { type ProcessOptions, runProcess } from './process.ts';
export { type ResolvedCommand, type ResolveOptions, resolveCommand, type ShellKind } from './resolve.ts';
export { type CommandRunnerOptions, createCommandRunner, runCommandHandler } from './run-command-handler.ts';
export { KILL_GRACE_MS } from './terminate.ts';
export { EXIT_DRAIN_MS } from './wait-for-exit.ts';
