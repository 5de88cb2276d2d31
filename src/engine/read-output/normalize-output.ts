import { ignoredField, isRecord, readFields } from '../../events/wire/read.ts';
import {
  acceptsHookEventName,
  type HookSpecificOutputRead,
  hookSpecificShape,
  readsNestedDecision,
  type TopLevelOutput,
  topLevelShape,
} from '../../events/wire/schemas.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import type { HandlerEffect } from './effect.ts';
import { vscodeAsyncIgnored } from './vscode-async.ts';
import {
  VSCODE_EMPTY_REASON_FIX,
  vscodeEmptyReason,
  vscodeEventMismatch,
  vscodeNestedBlockEvent,
  vscodeTopDecisionIgnored,
} from './vscode-output.ts';

export interface NormalizedOutput {
  effect: HandlerEffect;
  warnings: string[];
}

interface ReadContext {
  event: EventName;
  dialect: Dialect;
  copilotLike: boolean;
  effect: HandlerEffect;
  warnings: string[];
}

/**
 * Reads a hook's JSON output in any dialect into a HandlerEffect, field by field against the
 * event's output schema for that dialect (src/events/wire/): a field that fails its schema is
 * ignored with a warning, unknown fields are tolerated. Claude's shape is claude-code-hooks.md
 * §3.2; Copilot's flat fields are other-agents-hooks.md §1.3; VS Code is §2.5.
 */
export function normalizeOutput(
  event: EventName,
  output: Record<string, unknown>,
  dialect: Dialect,
  /**
   * Receives the warnings that say the output fails the event's schema (a declared field of the
   * wrong type, a `hookSpecificOutput` for another event); unknown fields are not among them.
   * With `onFailure: "block"` these count as a failure (claude-code-hooks.md §4.1).
   */
  invalid: string[] = [],
): NormalizedOutput {
  const effect: HandlerEffect = {};
  const warnings: string[] = [];
  // An empty object (a function hook's `{}`) has nothing to read: skip the schemas entirely.
  if (isEmpty(output)) return { effect, warnings };
  const mismatch = dialect === 'vscode' ? vscodeEventMismatch(event, output) : undefined;
  if (mismatch !== undefined) {
    warnings.push(mismatch);
    invalid.push(mismatch);
    return { effect, warnings };
  }
  const copilotLike = dialect === 'copilot' || dialect === 'copilot-compat';
  const ctx: ReadContext = {
    event,
    dialect,
    copilotLike,
    effect,
    warnings,
  };
  const { known, unknown } = readFields(topLevelShape(event, dialect), output, '', warnings);
  invalid.push(...warnings);
  const top = known as TopLevelOutput;
  if (top.continue !== undefined) effect.continue = top.continue;
  if (top.stopReason !== undefined) effect.stopReason = top.stopReason;
  if (top.systemMessage !== undefined) effect.systemMessage = top.systemMessage;
  readTopDecision(ctx, top);
  if (copilotLike) readCopilot(ctx, top);
  if (top.additionalContext !== undefined) effect.additionalContext = top.additionalContext;
  warnNearMisses(ctx, unknown);
  const specific = unknown.hookSpecificOutput;
  if (specific === undefined) return { effect, warnings };
  const problem = specificProblem(event, specific);
  if (problem === undefined) {
    const before = warnings.length;
    readSpecific(ctx, specific as Record<string, unknown>);
    invalid.push(...warnings.slice(before).filter((warning) => !isNearMiss(warning)));
  } else {
    warnings.push(problem);
    invalid.push(problem);
  }
  return { effect, warnings };
}

/** Why `hookSpecificOutput` cannot be read for `event`, or undefined when it can. */
function specificProblem(event: EventName, specific: unknown): string | undefined {
  if (!isRecord(specific)) return ignoredField('hookSpecificOutput', specific, 'an object');
  if (specific.hookEventName === undefined || acceptsHookEventName(event, specific.hookEventName)) {
    return undefined;
  }
  // claude-code-hooks.md §3.2: hookEventName must equal the firing event.
  return (
    `ignored "hookSpecificOutput": its hookEventName ${JSON.stringify(specific.hookEventName)} ` +
    `does not match the event ${event}`
  );
}

function isEmpty(output: Record<string, unknown>): boolean {
  for (const key in output) if (Object.hasOwn(output, key)) return false;
  return true;
}

/** Top-level `decision`: "block" | "approve" (the legacy PreToolUse allow, §2.7); Copilot adds "allow". */
function readTopDecision({ event, copilotLike, effect }: ReadContext, top: TopLevelOutput): void {
  const reason = top.reason ?? '';
  if (top.decision === 'block') {
    if (event === 'PreToolUse') {
      effect.permission = 'deny';
      effect.permissionReason = reason;
    } else if (event === 'PermissionRequest' && copilotLike) {
      effect.permissionRequest = { behavior: 'deny', message: reason };
    } else {
      effect.block = { reason };
    }
  } else if ((top.decision === 'approve' || top.decision === 'allow') && event === 'PreToolUse') {
    effect.permission = 'allow';
    if (reason) effect.permissionReason = reason;
  }
}

/** Copilot's flat output fields (other-agents-hooks.md §1.3, §1.5), as far as the event declares them. */
function readCopilot(ctx: ReadContext, top: TopLevelOutput): void {
  const { effect } = ctx;
  if (top.permissionDecision !== undefined) {
    effect.permission = top.permissionDecision;
    if (top.permissionDecisionReason !== undefined) effect.permissionReason = top.permissionDecisionReason;
  }
  if (top.modifiedArgs !== undefined) effect.updatedInput = top.modifiedArgs;
  if (top.behavior !== undefined) {
    effect.permissionRequest = {
      behavior: top.behavior,
      ...(top.message !== undefined ? { message: top.message } : {}),
      ...(top.interrupt !== undefined ? { interrupt: top.interrupt } : {}),
    };
  }
  if (top.modifiedResult !== undefined) effect.updatedToolOutput = top.modifiedResult;
  // copilot-cli-observed.md: the real CLI honours `modifiedPrompt` from command hooks too, although
  // seed 003 says SDK callbacks only (docs/host-differences.md).
  if (top.modifiedPrompt !== undefined) effect.updatedPrompt = top.modifiedPrompt;
  const rewrites = {
    ...(top.modifiedTransformedPrompt !== undefined
      ? { modifiedTransformedPrompt: top.modifiedTransformedPrompt }
      : {}),
    ...(top.modifiedResponse !== undefined ? { modifiedResponse: top.modifiedResponse } : {}),
  };
  if (!isEmpty(rewrites)) effect.eventFields = { ...effect.eventFields, ...rewrites };
}

/** Fields a hook author put where this dialect does not read them: say where they belong. */
function warnNearMisses(ctx: ReadContext, unknown: Record<string, unknown>): void {
  const { event, copilotLike, warnings } = ctx;
  const where = (field: string) => `{"hookSpecificOutput": {"hookEventName": "${event}", "${field}": …}}`;
  if (!copilotLike && unknown.permissionDecision !== undefined) {
    warnings.push(
      `ignored top-level "permissionDecision": Claude Code reads it only inside ${where('permissionDecision')}`,
    );
  }
  if (ctx.dialect === 'claude' && unknown.additionalContext !== undefined) {
    warnings.push(
      `ignored top-level "additionalContext": Claude Code reads it inside ${where('additionalContext')}`,
    );
  }
  if (unknown.modifiedPrompt !== undefined) warnings.push(PROMPT_REWRITE_IGNORED);
  if (ctx.dialect !== 'vscode') return;
  const ignored = unknown.decision !== undefined ? vscodeTopDecisionIgnored(event) : undefined;
  if (ignored !== undefined) warnings.push(ignored);
  const async = vscodeAsyncIgnored(unknown);
  if (async !== undefined) warnings.push(async);
}

/** Only the Copilot family rewrites the prompt (copilot-cli-observed.md, other-agents-hooks.md §1.7). */
const PROMPT_REWRITE_IGNORED =
  'ignored "modifiedPrompt": only Copilot CLI hooks (camelCase or PascalCase keys in a Copilot file) may rewrite the prompt';

/** A near miss, not a schema failure: the field is one another dialect reads. */
const CLAUDE_STOP_HINT = 'Claude Code reads Stop blocks from top-level "decision"';

/** Near misses in `hookSpecificOutput`: valid JSON the dialect does not act on, said as a warning. */
function isNearMiss(warning: string): boolean {
  return warning.endsWith(CLAUDE_STOP_HINT) || warning.endsWith(VSCODE_EMPTY_REASON_FIX);
}

function readSpecific(ctx: ReadContext, specific: Record<string, unknown>): void {
  const { event, dialect, effect, warnings } = ctx;
  const { known, unknown } = readFields(
    hookSpecificShape(event, dialect),
    specific,
    'hookSpecificOutput',
    warnings,
  );
  const {
    permissionDecision,
    permissionDecisionReason,
    updatedInput,
    additionalContext,
    decision,
    reason,
    updatedToolOutput,
    updatedMCPToolOutput,
    ...fields
  } = known as HookSpecificOutputRead & Record<string, unknown>;
  if (permissionDecision !== undefined) {
    effect.permission = permissionDecision;
    if (permissionDecisionReason !== undefined) effect.permissionReason = permissionDecisionReason;
  }
  if (updatedInput !== undefined) effect.updatedInput = updatedInput;
  if (additionalContext !== undefined) effect.additionalContext = additionalContext;
  if (decision === 'block') readNestedBlock(ctx, reason);
  else if (decision?.behavior === 'allow') {
    const { updatedInput: input, updatedPermissions } = decision;
    effect.permissionRequest = {
      behavior: 'allow',
      ...(input !== undefined ? { updatedInput: input } : {}),
      ...(updatedPermissions !== undefined ? { updatedPermissions } : {}),
    };
  } else if (decision?.behavior === 'deny') {
    const { message, interrupt } = decision;
    effect.permissionRequest = {
      behavior: 'deny',
      ...(message !== undefined ? { message } : {}),
      ...(interrupt !== undefined ? { interrupt } : {}),
    };
  }
  const toolOutput = updatedToolOutput ?? updatedMCPToolOutput;
  if (toolOutput !== undefined) effect.updatedToolOutput = toolOutput;
  const { hookEventName: _name, decision: nested, reason: _reason, ...rest } = unknown;
  if (nested === 'block' && !readsNestedDecision(dialect) && vscodeNestedBlockEvent(event)) {
    warnings.push(`ignored hookSpecificOutput.decision: ${CLAUDE_STOP_HINT}`);
  }
  const eventFields = { ...fields, ...rest };
  if (!isEmpty(eventFields)) effect.eventFields = { ...effect.eventFields, ...eventFields };
}

/** A nested Stop/SubagentStop block; VS Code needs "a non-empty `reason`" (other-agents-hooks.md §2.5). */
function readNestedBlock(
  { event, dialect, effect, warnings }: ReadContext,
  reason: string | undefined,
): void {
  if (dialect === 'vscode' && !reason) warnings.push(vscodeEmptyReason(event));
  else effect.block = { reason: reason ?? '' };
}
