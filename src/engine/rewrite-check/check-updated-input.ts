// A hook's updatedInput checked against the tool's input schema before anyone runs the tool with
// it. seed 000 (VS Code agent hooks, "updatedInput 格式"): "如果 updatedInput 不符合預期的綱要，它將被忽略"
// (an updatedInput that does not match the expected schema is ignored); other-agents-hooks.md
// §2.5: the permission decision is kept, only the rewrite is discarded.
import { diagnostic } from '../../errors.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchResult, HookRunReport, UpdatedInputCheck } from '../dispatch/result.ts';
import { denyInvalidRewrite } from './deny-invalid-rewrite.ts';
import type { JsonSchema } from './json-schema-check.ts';

/**
 * Fills `result.updatedInputCheck` when a hook rewrote the tool input, and discards a rewrite that
 * does not match the tool's schema. Returns a promise only when there is a schema to check, so a
 * dispatch without `toolInputSchemas` adds no await.
 */
export function checkUpdatedInput(
  ctx: EngineContext,
  input: Record<string, unknown>,
  result: DispatchResult,
): Promise<void> | undefined {
  if (result.updatedInput === null) return undefined;
  const tool = typeof input.tool_name === 'string' ? input.tool_name : null;
  const schemas = ctx.options.toolInputSchemas;
  if (schemas === undefined) {
    result.updatedInputCheck = unchecked(tool, 'no tool input schemas were given to the engine');
    return undefined;
  }
  const schema = tool !== null && Object.hasOwn(schemas, tool) ? schemas[tool] : undefined;
  if (schema === undefined) {
    const why =
      tool === null ? 'the event input names no tool' : `no input schema was given for tool ${tool}`;
    result.updatedInputCheck = unchecked(tool, why);
    return undefined;
  }
  return applyCheck(ctx, input, result, tool!, schema);
}

function unchecked(tool: string | null, why: string): UpdatedInputCheck {
  return { status: 'unchecked', tool, why };
}

/** The schema check itself, loaded only when a schema and a rewrite meet (cold start). */
async function applyCheck(
  ctx: EngineContext,
  input: Record<string, unknown>,
  result: DispatchResult,
  tool: string,
  schema: JsonSchema,
): Promise<void> {
  const { checkJsonSchema } = await import('./json-schema-check.ts');
  const check = checkJsonSchema(schema, result.updatedInput);
  if (check.ok === true) {
    result.updatedInputCheck = { status: 'valid', tool };
    return;
  }
  const hook = rewriterOf(result);
  const by = hook ? `hook ${hook.label} (${hook.source.file})` : 'a hook';
  const where = {
    event: result.event,
    ...(hook ? { file: hook.source.file, pointer: hook.source.pointer } : {}),
  };
  if (check.ok === 'unchecked') {
    result.updatedInputCheck = unchecked(
      tool,
      `the input schema of tool ${tool} cannot be read: ${check.message}`,
    );
    result.diagnostics.push(
      diagnostic(
        'ENGINE_TOOL_SCHEMA_UNSUPPORTED',
        `${result.event}: updatedInput from ${by} for tool ${tool} was used unchecked: its input schema cannot be read as a JSON Schema (${check.message}). Fix that schema in toolInputSchemas or the --tool-schemas file.`,
        where,
      ),
    );
    return;
  }
  const deny = ctx.options.invalidRewrite === 'deny';
  const decision = result.decision === null ? 'no decision' : `the decision "${result.decision}"`;
  const then = deny
    ? 'the call is denied (invalidRewrite: deny)'
    : `${decision} stands, the tool runs with its original input`;
  result.diagnostics.push(
    diagnostic(
      'ENGINE_INVALID_UPDATED_INPUT',
      `${result.event}: updatedInput from ${by} does not match the input schema of tool ${tool}: ${check.message}; the rewrite was discarded (${then}). Return the whole input in the tool's schema (updatedInput replaces it, it is not merged).`,
      where,
    ),
  );
  result.updatedInputCheck = {
    status: 'discarded',
    tool,
    why: check.message,
    ...(deny ? { denied: true } : {}),
  };
  result.updatedInput = null;
  if (deny) denyInvalidRewrite(ctx, input, result, tool, check.message);
}

/** The hook whose rewrite the result carries (the last one in configured order that wrote it). */
function rewriterOf(result: DispatchResult): HookRunReport | undefined {
  const chosen = JSON.stringify(result.updatedInput);
  return result.hooks.findLast((hook) => {
    const output = hook.output;
    const specific = output?.hookSpecificOutput as Record<string, unknown> | undefined;
    const decision = specific?.decision as Record<string, unknown> | undefined;
    const written = [
      specific?.updatedInput,
      decision?.updatedInput,
      output?.modifiedArgs,
      output?.updatedInput,
    ];
    return written.some((value) => value !== undefined && JSON.stringify(value) === chosen);
  });
}
