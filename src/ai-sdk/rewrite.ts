// Hook rewrites of a tool call (updatedInput, updatedToolOutput), checked against the tool's own
// schemas before they replace anything.
import type { Tool } from 'ai';
import { type DispatchResult, diagnostic, type HookRunReport } from '../index.ts';
import type { HookSession } from './options.ts';
import { checkAgainstSchema } from './schema-check.ts';
import { ToolHookError } from './tool-hook-error.ts';

export interface RewriteContext {
  session: HookSession;
  tool: Tool;
  /** The name the hooks see, e.g. `Bash`. */
  hookToolName: string;
  /** What to do with an invalid `updatedInput`: run with the model's input, or refuse the call. */
  invalidRewrite: 'discard' | 'deny';
}

/**
 * The input the tool runs with after `result.updatedInput`: the checked rewrite, or `input` when
 * the rewrite does not match the tool's input schema (reported; refused with `invalidRewrite: 'deny'`).
 */
export async function rewriteInput(
  ctx: RewriteContext,
  result: DispatchResult,
  input: unknown,
): Promise<unknown> {
  const rewrite = result.updatedInput;
  if (rewrite === null) return input;
  const check = await checkAgainstSchema(ctx.tool.inputSchema, rewrite);
  if (check.ok === true) return check.value;
  const hook = rewriterOf(result, 'updatedInput');
  const where = hook ? { file: hook.source.file, pointer: hook.source.pointer } : {};
  const by = hook ? `hook ${hook.label} (${hook.source.file})` : 'a hook';
  if (check.ok === 'unchecked') {
    const found = diagnostic(
      'AI_SDK_INPUT_NOT_VALIDATED',
      `${result.event}: updatedInput from ${by} for tool ${ctx.hookToolName} was used unchecked: the tool's input schema has no validator (${check.message}). Define the tool with a zod schema to have rewrites checked.`,
      { event: result.event, ...where },
    );
    result.diagnostics.push(found);
    ctx.session.report(found);
    return check.value;
  }
  const deny = ctx.invalidRewrite === 'deny';
  const found = diagnostic(
    'AI_SDK_INVALID_UPDATED_INPUT',
    `${result.event}: updatedInput from ${by} does not match the input schema of tool ${ctx.hookToolName}: ${check.message}; ${
      deny
        ? "the call was refused (invalidRewrite: 'deny')"
        : "the rewrite was discarded and the tool ran with the model's input"
    }. Return the whole input in the tool's schema (updatedInput replaces it).`,
    { event: result.event, ...where },
  );
  result.diagnostics.push(found);
  ctx.session.report(found);
  if (!deny) return input;
  throw new ToolHookError(
    'denied',
    `${result.event}:${ctx.hookToolName} hook error: the rewritten input does not match the tool's input schema: ${check.message}`,
    { result },
  );
}

/** The output the model sees after PostToolUse `updatedToolOutput`, checked against `outputSchema`. */
export async function rewriteOutput(
  ctx: RewriteContext,
  result: DispatchResult,
  output: unknown,
): Promise<unknown> {
  if (result.updatedToolOutput === undefined) return output;
  if (!ctx.tool.outputSchema) return result.updatedToolOutput;
  const check = await checkAgainstSchema(ctx.tool.outputSchema, result.updatedToolOutput);
  if (check.ok !== false) return check.value;
  const hook = rewriterOf(result, 'updatedToolOutput');
  const by = hook ? `hook ${hook.label} (${hook.source.file})` : 'a hook';
  const found = diagnostic(
    'AI_SDK_INVALID_UPDATED_OUTPUT',
    `PostToolUse: updatedToolOutput from ${by} does not match the output schema of tool ${ctx.hookToolName}: ${check.message}; the model saw the tool's own output. Return a value in the tool's output shape.`,
    { event: 'PostToolUse', ...(hook ? { file: hook.source.file, pointer: hook.source.pointer } : {}) },
  );
  result.diagnostics.push(found);
  ctx.session.report(found);
  return output;
}

/** The last hook (in configured order) whose output carries `field`, for naming it in messages. */
function rewriterOf(result: DispatchResult, field: string): HookRunReport | undefined {
  return result.hooks.findLast((hook) => {
    const specific = hook.output?.hookSpecificOutput as Record<string, unknown> | undefined;
    const decision = specific?.decision as Record<string, unknown> | undefined;
    return (
      specific?.[field] !== undefined ||
      decision?.[field] !== undefined ||
      (field === 'updatedToolOutput' && specific?.updatedMCPToolOutput !== undefined)
    );
  });
}
