// `withHooks(tools, engine)`: every call of every AI SDK tool runs through the hooks the way a
// Claude Code tool call does.
import type { Tool, ToolExecutionOptions, ToolSet } from 'ai';
import { diagnostic, type HookEngine, normalizeInput } from '../index.ts';
import { afterFailure, afterSuccess } from './after-tool.ts';
import { type AskAnswer, type AskRequest, beforeTool, type CallContext } from './before-tool.ts';
import { appendTexts, defaultModelOutput } from './model-output.ts';
import { type HookSession, type HookSessionOptions, hookSession } from './options.ts';

export interface WithHooksOptions extends HookSessionOptions {
  /**
   * Answers a hook's `ask` once PermissionRequest hooks left it open. Without it the call is denied
   * and the model reads the bare reason, as in Claude Code's `-p` mode. The engine must be created
   * with `interactive: true`, or it turns every ask into a deny before this is consulted.
   */
  onAsk?: (request: AskRequest) => AskAnswer | PromiseLike<AskAnswer>;
  /**
   * The `tool_name` hooks see for an AI SDK tool name, e.g. `{ runShell: 'Bash' }`, so matchers
   * written for Claude Code apply. Unlisted names pass through; Copilot runtime names (`bash`,
   * `view`, `edit`, …) become Claude names on their own.
   */
  toolNames?: Record<string, string>;
  /**
   * An `updatedInput` that does not match the tool's input schema is reported and discarded (the
   * tool runs with the model's input), or with `'deny'` the call is refused. Default: the engine's
   * own `invalidRewrite` option, else `'discard'`.
   */
  invalidRewrite?: 'discard' | 'deny';
}

/**
 * Wraps an AI SDK tool set: each call dispatches PreToolUse (deny, ask, defer, rewrite), runs the
 * tool, then PostToolUse or PostToolUseFailure, and the hook texts reach the model with the tool
 * result. Tools without `execute` are returned as they are, with a diagnostic.
 */
export function withHooks<TOOLS extends ToolSet>(
  tools: TOOLS,
  engine: HookEngine,
  options: WithHooksOptions = {},
): TOOLS {
  const session = hookSession(engine, options);
  const wrapped: Record<string, Tool> = {};
  for (const [name, tool] of Object.entries(tools)) {
    if (typeof tool.execute !== 'function') {
      session.report(
        diagnostic(
          'AI_SDK_TOOL_NOT_WRAPPED',
          `withHooks: tool ${name} has no execute function, so PreToolUse and PostToolUse hooks cannot run around it`,
          { severity: 'warning' },
        ),
      );
      wrapped[name] = tool;
      continue;
    }
    if ((tool as MarkedTool)[WRAPPED_BY] === engine) {
      session.report(
        diagnostic(
          'AI_SDK_ALREADY_WRAPPED',
          `withHooks: tool ${name} is already wrapped for this engine; it is kept as it is, so its hooks run once per call, not twice`,
          { severity: 'warning' },
        ),
      );
      wrapped[name] = tool;
      continue;
    }
    wrapped[name] = wrapTool(name, tool, session, options);
  }
  return wrapped as TOOLS;
}

/** Marks a tool `withHooks` made, with the engine whose hooks run around it. */
const WRAPPED_BY = Symbol('agent-hooks.withHooks');
type MarkedTool = Tool & { [WRAPPED_BY]?: HookEngine };

type Execute = (input: unknown, exec: ToolExecutionOptions) => unknown;

function wrapTool(name: string, tool: Tool, session: HookSession, options: WithHooksOptions): Tool {
  const execute = tool.execute as Execute;
  // The engine turns Copilot runtime names into Claude's (`bash` → `Bash`); messages use the same.
  // Own keys only: a tool named `constructor` or `toString` must not pick up Object.prototype's.
  const mapped = options.toolNames && Object.hasOwn(options.toolNames, name) ? options.toolNames[name] : name;
  const hookToolName = String(normalizeInput('PreToolUse', { tool_name: mapped }).tool_name);
  const context = (exec: ToolExecutionOptions): CallContext => ({
    session,
    tool,
    toolName: name,
    hookToolName,
    // An engine created fail-closed (`invalidRewrite: 'deny'`) stays so for the tools it guards.
    invalidRewrite: options.invalidRewrite ?? session.engine.options.invalidRewrite ?? 'discard',
    toolCallId: exec.toolCallId,
    exec,
    onAsk: options.onAsk,
  });
  // The AI SDK decides from execute's return value whether a tool streams, before any await; an
  // async generator function is the one kind we can recognise without calling it.
  const streams = Object.prototype.toString.call(execute) === '[object AsyncGeneratorFunction]';
  const run = streams
    ? async function* (input: unknown, exec: ToolExecutionOptions) {
        const ctx = context(exec);
        const go = await beforeTool(ctx, input);
        exec.abortSignal?.throwIfAborted();
        const started = performance.now();
        let last: unknown;
        let seen = false;
        try {
          // Each value is passed on once the next arrives: the last one goes through PostToolUse.
          for await (const value of execute.call(tool, go.input, exec) as AsyncIterable<unknown>) {
            if (seen) yield last;
            last = value;
            seen = true;
          }
        } catch (error) {
          throw await afterFailure(ctx, go, error, elapsedMs(started));
        }
        yield await afterSuccess(ctx, go, last, elapsedMs(started));
      }
    : async (input: unknown, exec: ToolExecutionOptions) => {
        const ctx = context(exec);
        const go = await beforeTool(ctx, input);
        exec.abortSignal?.throwIfAborted();
        const started = performance.now();
        let output: unknown;
        try {
          output = await settle(execute.call(tool, go.input, exec));
        } catch (error) {
          throw await afterFailure(ctx, go, error, elapsedMs(started));
        }
        return afterSuccess(ctx, go, output, elapsedMs(started));
      };
  const toModelOutput: NonNullable<Tool['toModelOutput']> = async (call) => {
    const own = tool.toModelOutput ? await tool.toModelOutput(call) : defaultModelOutput(call.output);
    return appendTexts(own, session.state.textsFor(call.toolCallId));
  };
  return { ...tool, execute: run, toModelOutput, [WRAPPED_BY]: session.engine } as MarkedTool;
}

/** A plain function that returned an async iterable: its last value is the output. */
async function settle(value: unknown): Promise<unknown> {
  if (value !== null && typeof value === 'object' && Symbol.asyncIterator in value) {
    let last: unknown;
    for await (const item of value as AsyncIterable<unknown>) last = item;
    return last;
  }
  return value;
}

function elapsedMs(started: number): number {
  return Math.round(performance.now() - started);
}
