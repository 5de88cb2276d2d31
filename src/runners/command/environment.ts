import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import type { EventName } from '../../model/event-name.ts';
import type { CommandHandler } from '../../model/handler.ts';
import type { RunnerDiagnostic, RunRequest } from '../types.ts';
import { expandVariables } from './expand.ts';

/**
 * Largest input JSON (in UTF-8 bytes) copied into `CLAUDE_HOOK_INPUT`. Linux caps one
 * environment string at 128 KiB (MAX_ARG_STRLEN); half of that leaves room for the rest of the
 * environment (DESIGN.md "Facts about running hook processes").
 */
export const HOOK_INPUT_ENV_MAX_BYTES = 64 * 1024;

/**
 * Largest `TOOL_INPUT_FILE_PATH` (UTF-8 bytes): Linux's PATH_MAX, so no real path is cut off while
 * a model-supplied giant string can no longer make every spawn fail with E2BIG.
 */
export const FILE_PATH_ENV_MAX_BYTES = 4096;

/** The variables the engine derives from the (model-controlled) input; dropped when a spawn hits E2BIG. */
export const INPUT_DERIVED_ENV_VARS = ['CLAUDE_HOOK_INPUT', 'TOOL_INPUT_FILE_PATH'] as const;

/** Events whose hooks get `CLAUDE_ENV_FILE` (claude-code-hooks.md §6.5). */
export const ENV_FILE_EVENTS: ReadonlySet<EventName> = new Set([
  'SessionStart',
  'Setup',
  'CwdChanged',
  'FileChanged',
]);

export interface HookEnvironment {
  env: NodeJS.ProcessEnv;
  diagnostics: RunnerDiagnostic[];
}

export interface EnvironmentInputs {
  /** Size of the stdin payload in bytes, already computed by the caller. */
  inputBytes: number;
  /** Path of this run's `CLAUDE_ENV_FILE`, when the event gets one. */
  envFile?: string;
}

/**
 * The environment of one command hook (claude-code-hooks.md §6.5, docs/environment.md): the
 * host's environment, then the handler's `env` with `$VAR` / `${VAR}` expanded, then the hook
 * variables, which the handler's `env` cannot override because the engine relies on them.
 */
export function buildHookEnvironment(
  request: RunRequest<CommandHandler>,
  inputs: EnvironmentInputs,
): HookEnvironment {
  const diagnostics: RunnerDiagnostic[] = [];
  const hookVars = hostVariables(request);
  const { pluginRoot, pluginData } = request.handler.source;
  if (pluginRoot !== undefined) hookVars.CLAUDE_PLUGIN_ROOT = pluginRoot;
  if (pluginData !== undefined) hookVars.CLAUDE_PLUGIN_DATA = pluginData;
  if (inputs.envFile !== undefined) hookVars.CLAUDE_ENV_FILE = inputs.envFile;
  if (inputs.inputBytes <= HOOK_INPUT_ENV_MAX_BYTES) {
    // `JSON.stringify` writes a NUL in a string as `\u0000`, so the payload never holds one and
    // can always be an environment string (checked by a test, not at each run).
    hookVars.CLAUDE_HOOK_INPUT = request.payloadJson;
  } else {
    diagnostics.push({
      code: 'RUNNER_INPUT_ENV_TOO_LARGE',
      message: `CLAUDE_HOOK_INPUT not set: the input is ${inputs.inputBytes} bytes, over the ${HOOK_INPUT_ENV_MAX_BYTES}-byte limit; read stdin instead`,
    });
  }
  if (TOOL_CALL_EVENTS.has(request.event)) {
    const filePath = toolInputFilePath(request.input);
    if (filePath !== undefined) setFilePath(hookVars, filePath, diagnostics);
  }

  const base = request.env;
  const env = inherited(base, request.host === 'copilot-cli');
  const handlerEnv = request.handler.spec.env;
  if (handlerEnv !== undefined) {
    const lookup = (name: string): string | undefined => hookVars[name] ?? base[name];
    for (const [name, value] of Object.entries(handlerEnv)) env[name] = expandVariables(value, lookup);
  }
  Object.assign(env, hookVars);
  return { env, diagnostics };
}

/**
 * The host's variables a hook inherits. Not the hook variables themselves: they would otherwise leak
 * in from a host that is itself a hook (CLAUDE_ENV_FILE). Copilot CLI also removes its model
 * provider settings (copilot-cli-observed.md "How hooks are started").
 *
 * One `Object.keys` and one read per name, not a spread of `process.env` and `delete`s: measured
 * on Node 20 with 35 variables, 22 µs against 38 µs, and the copy stays a fast object for `spawn`
 * to walk (issue 16 item 4). Not an object whose prototype is `process.env` either, though `spawn`
 * walks inherited keys: V8 caches the `for…in` keys of such objects, so a variable the host sets
 * after the first hook run would never reach a hook (measured on Node 20; a test guards it).
 */
const NOT_INHERITED: ReadonlySet<string> = new Set(['CLAUDE_ENV_FILE', ...INPUT_DERIVED_ENV_VARS]);

function inherited(base: NodeJS.ProcessEnv, copilot: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of Object.keys(base)) {
    if (NOT_INHERITED.has(name)) continue;
    if (copilot && (name.startsWith('COPILOT_PROVIDER_') || name === 'COPILOT_OFFLINE')) continue;
    env[name] = base[name];
  }
  return env;
}

function setFilePath(hookVars: Record<string, string>, filePath: string, found: RunnerDiagnostic[]): void {
  // No environment string can hold a NUL byte: `spawn` would throw ERR_INVALID_ARG_VALUE and the
  // hook, a guard too, would never run. The path comes from the model, so the hook runs without it.
  if (filePath.includes('\0')) {
    found.push({
      code: 'RUNNER_INPUT_ENV_INVALID',
      message:
        'TOOL_INPUT_FILE_PATH not set: the path contains a NUL byte, which no environment variable can hold; read tool_input from stdin instead',
    });
    return;
  }
  const bytes = Buffer.byteLength(filePath);
  if (bytes <= FILE_PATH_ENV_MAX_BYTES) {
    hookVars.TOOL_INPUT_FILE_PATH = filePath;
    return;
  }
  found.push({
    code: 'RUNNER_INPUT_ENV_TOO_LARGE',
    message: `TOOL_INPUT_FILE_PATH not set: the path is ${bytes} bytes, over the ${FILE_PATH_ENV_MAX_BYTES}-byte limit; read tool_input from stdin instead`,
  });
}

/**
 * The variables that tell a hook who runs it. Claude Code: `CLAUDECODE=1`, the project and the
 * session (claude-code-hooks.md §6.5). Copilot CLI: `COPILOT_CLI=1`, the project under both names,
 * the repository hook folder and `FORCE_COLOR=false` (copilot-cli-observed.md "How hooks are
 * started"); it sets no `CLAUDECODE`.
 */
function hostVariables(request: RunRequest<CommandHandler>): Record<string, string> {
  if (request.host === 'copilot-cli') {
    return {
      COPILOT_CLI: '1',
      COPILOT_PROJECT_DIR: request.projectDir,
      COPILOT_HOOK_DIR: join(request.projectDir, '.github', 'hooks'),
      CLAUDE_PROJECT_DIR: request.projectDir,
      FORCE_COLOR: 'false',
    };
  }
  return {
    CLAUDECODE: '1',
    CLAUDE_PROJECT_DIR: request.projectDir,
    CLAUDE_CODE_SESSION_ID: request.sessionId,
  };
}

/**
 * The file a tool call works on: `tool_input.file_path`, `filePath`, `path` or the first of
 * `files`; Copilot payloads carry `toolArgs`, an object or a JSON string (other-agents-hooks.md §1.3).
 */
export function toolInputFilePath(payload: Record<string, unknown>): string | undefined {
  let input: unknown = payload.tool_input ?? payload.toolArgs ?? payload.toolInput;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      return undefined;
    }
  }
  if (typeof input !== 'object' || input === null) return undefined;
  const fields = input as Record<string, unknown>;
  for (const key of ['file_path', 'filePath', 'path']) {
    if (typeof fields[key] === 'string' && fields[key] !== '') return fields[key];
  }
  const files = fields.files;
  if (Array.isArray(files)) {
    const first: unknown = files[0];
    if (typeof first === 'string') return first;
    if (typeof first === 'object' && first !== null) {
      const nested = first as Record<string, unknown>;
      if (typeof nested.path === 'string') return nested.path;
      if (typeof nested.file_path === 'string') return nested.file_path;
    }
  }
  return undefined;
}

/** `cwd` relative to the project root, absolute, or starting with `~` (other-agents-hooks.md §2.4). */
export function resolveHookCwd(cwd: string | undefined, projectDir: string): string {
  if (cwd === undefined || cwd === '') return projectDir;
  if (cwd === '~') return homedir();
  if (cwd.startsWith('~/') || cwd.startsWith('~\\')) return join(homedir(), cwd.slice(2));
  return isAbsolute(cwd) ? cwd : resolve(projectDir, cwd);
}

/**
 * Reads the `export NAME=value` lines a hook wrote to `CLAUDE_ENV_FILE`. Values may be bare,
 * 'single-quoted' (verbatim) or "double-quoted" (backslash escapes); later lines win.
 */
export function parseEnvExports(text: string): Record<string, string> {
  const exports: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(raw);
    if (match === null) continue;
    exports[match[1] as string] = unquote((match[2] as string).trim());
  }
  return exports;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1);
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(["\\$`])/g, '$1');
  }
  return value;
}
