// One handler, normalized from any dialect: what the readers produce and every stage consumes.
import type { Dialect } from './dialect.ts';
import type { EventName } from './event-name.ts';
import type { SourceRef } from './source.ts';

export type HandlerType = 'command' | 'http' | 'prompt' | 'agent' | 'mcp_tool' | 'function';

/**
 * Every way a dialect names the program to run. The command runner resolves these into one
 * executable + argv per OS; the loader only copies what the file said.
 */
export interface CommandFields {
  /** Claude / VS Code / Copilot cross-platform shell command. */
  command?: string;
  /** Claude `shell`: which shell runs `command`. Default `/bin/sh` on POSIX. */
  shell?: 'bash' | 'powershell';
  /** Claude exec form (`command` + `args`, no shell) or Copilot `exec` + `args`. */
  args?: string[];
  /** Copilot `exec`: binary run without a shell. */
  exec?: string;
  /** Copilot `bash` (POSIX) and `powershell` (Windows) keys. */
  bash?: string;
  powershell?: string;
  /** VS Code per-OS overrides. */
  windows?: string;
  linux?: string;
  osx?: string;
  cwd?: string;
  env?: Record<string, string>;
}

export interface HttpFields {
  url: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
}

export interface PromptFields {
  prompt: string;
  model?: string;
  continueOnBlock?: boolean;
  /** agent-hooks extension for `agent` hooks: allow a shell tool (docs/llm-and-mcp-hooks.md). */
  allowShell?: boolean;
}

export interface McpToolFields {
  server: string;
  tool: string;
  input?: Record<string, unknown>;
}

/** What every handler type carries, whatever it runs. */
export interface HandlerBase {
  /** Canonical event this handler is registered for. */
  event: EventName;
  /** The event key exactly as written in the source (e.g. `preToolUse`, `agentStop`). */
  eventKey: string;
  dialect: Dialect;
  source: SourceRef;
  /** Raw matcher string as written; undefined when absent. */
  matcher?: string;
  /** Claude `if` permission rule (claude-code-hooks.md §5.3). */
  if?: string;
  /** Explicit timeout in milliseconds (at most `MAX_TIMEOUT_SEC` s); undefined: the event/profile default. */
  timeoutMs?: number;
  statusMessage?: string;
  onFailure?: 'block' | 'ignore';
  async?: boolean;
  asyncRewake?: boolean;
  once?: boolean;
  /** Identity for deduplication (claude-code-hooks.md §4.9); undefined = never deduplicated. */
  identity?: string;
}

export interface CommandHandler extends HandlerBase {
  type: 'command';
  spec: CommandFields;
}
export interface HttpHandler extends HandlerBase {
  type: 'http';
  spec: HttpFields;
}
export interface PromptHandler extends HandlerBase {
  type: 'prompt';
  spec: PromptFields;
}
export interface AgentHandler extends HandlerBase {
  type: 'agent';
  spec: PromptFields;
}
export interface McpToolHandler extends HandlerBase {
  type: 'mcp_tool';
  spec: McpToolFields;
}
export interface FunctionHandler extends HandlerBase {
  type: 'function';
  spec: {
    id: string;
    /** `messages` is the conversation history when the host passes one to dispatch(). */
    callback: (input: Record<string, unknown>, signal: AbortSignal, messages?: readonly unknown[]) => unknown;
    errorMessage?: string;
  };
}

/** One handler, normalized from any dialect. */
export type NormalizedHandler =
  | CommandHandler
  | HttpHandler
  | PromptHandler
  | AgentHandler
  | McpToolHandler
  | FunctionHandler;

/**
 * The largest timeout a handler may set, in seconds: Node's timers hold a signed 32-bit count of
 * milliseconds and fire after about 1 ms beyond it, which would kill every hook at once (a guard
 * failing open). Configuration above it is an error in `validate` and is clamped at run time.
 */
export const MAX_TIMEOUT_SEC = 2_147_483;
