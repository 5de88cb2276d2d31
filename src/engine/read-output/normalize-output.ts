import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import type { HandlerEffect } from './effect.ts';

const PERMISSIONS = new Set(['allow', 'deny', 'ask', 'defer']);

/** Fields of hookSpecificOutput that map onto HandlerEffect; everything else is an event field. */
const MAPPED_SPECIFIC = new Set([
  'hookEventName',
  'permissionDecision',
  'permissionDecisionReason',
  'updatedInput',
  'additionalContext',
  'decision',
  'updatedToolOutput',
  'updatedMCPToolOutput',
  'reason',
]);

export interface NormalizedOutput {
  effect: HandlerEffect;
  warnings: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads a hook's JSON output in any dialect into a HandlerEffect. Claude's shape is
 * claude-code-hooks.md §3.2; Copilot's top-level fields are other-agents-hooks.md §1.3; VS Code
 * reads Stop blocks from `hookSpecificOutput.decision` (§2.5).
 */
export function normalizeOutput(
  event: EventName,
  output: Record<string, unknown>,
  dialect: Dialect,
  options: { inProcess?: boolean } = {},
): NormalizedOutput {
  const effect: HandlerEffect = {};
  const warnings: string[] = [];
  const copilotLike = dialect === 'copilot' || dialect === 'copilot-compat';

  if (typeof output.continue === 'boolean') effect.continue = output.continue;
  const stopReason = str(output.stopReason);
  if (stopReason !== undefined) effect.stopReason = stopReason;
  const systemMessage = str(output.systemMessage);
  if (systemMessage !== undefined) effect.systemMessage = systemMessage;

  // Top-level decision: "block" | "approve" (legacy PreToolUse allow, §2.7).
  const decision = output.decision;
  const reason = str(output.reason) ?? '';
  if (decision === 'block') {
    if (event === 'PreToolUse') {
      effect.permission = 'deny';
      effect.permissionReason = reason;
    } else if (event === 'PermissionRequest' && copilotLike) {
      effect.permissionRequest = { behavior: 'deny', message: reason };
    } else {
      effect.block = { reason };
    }
  } else if (decision === 'approve' || (decision === 'allow' && copilotLike)) {
    if (event === 'PreToolUse') {
      effect.permission = 'allow';
      if (reason) effect.permissionReason = reason;
    }
  } else if (decision !== undefined && !isRecord(decision)) {
    warnings.push(`ignored top-level decision ${JSON.stringify(decision)}: expected "block" or "approve"`);
  }

  // Copilot's flat output fields (other-agents-hooks.md §1.3).
  const flatPermission = output.permissionDecision;
  if (flatPermission !== undefined) {
    if (copilotLike) {
      if (typeof flatPermission === 'string' && PERMISSIONS.has(flatPermission)) {
        effect.permission = flatPermission as HandlerEffect['permission'];
        const flatReason = str(output.permissionDecisionReason);
        if (flatReason !== undefined) effect.permissionReason = flatReason;
      } else {
        warnings.push(
          `ignored permissionDecision ${JSON.stringify(flatPermission)}: expected allow, deny or ask`,
        );
      }
    } else {
      warnings.push(
        'ignored top-level "permissionDecision": Claude Code reads it only inside ' +
          `{"hookSpecificOutput": {"hookEventName": "${event}", "permissionDecision": …}}`,
      );
    }
  }
  if (copilotLike && isRecord(output.modifiedArgs)) effect.updatedInput = output.modifiedArgs;
  if (copilotLike && event === 'PermissionRequest' && typeof output.behavior === 'string') {
    if (output.behavior === 'allow' || output.behavior === 'deny') {
      effect.permissionRequest = {
        behavior: output.behavior,
        ...(str(output.message) !== undefined ? { message: str(output.message) } : {}),
        ...(typeof output.interrupt === 'boolean' ? { interrupt: output.interrupt } : {}),
      };
    } else {
      warnings.push(`ignored behavior ${JSON.stringify(output.behavior)}: expected allow or deny`);
    }
  }
  if (copilotLike && output.modifiedResult !== undefined) effect.updatedToolOutput = output.modifiedResult;
  if (output.modifiedPrompt !== undefined) {
    // other-agents-hooks.md §1.7: only Copilot SDK callbacks (in-process) can rewrite the prompt.
    const prompt = output.modifiedPrompt;
    if (copilotLike && options.inProcess && event === 'UserPromptSubmit' && typeof prompt === 'string')
      effect.updatedPrompt = prompt;
    else warnings.push('ignored "modifiedPrompt": only in-process SDK callbacks may rewrite the prompt');
  }
  if (copilotLike) readCopilotRewrites(event, output, effect, warnings);
  const topContext = str(output.additionalContext);
  if (topContext !== undefined) {
    if (copilotLike || dialect === 'vscode') effect.additionalContext = topContext;
    else
      warnings.push(
        'ignored top-level "additionalContext": Claude Code reads it inside ' +
          `{"hookSpecificOutput": {"hookEventName": "${event}", "additionalContext": …}}`,
      );
  }

  const specific = output.hookSpecificOutput;
  if (specific !== undefined) {
    if (!isRecord(specific)) {
      warnings.push('ignored "hookSpecificOutput": expected an object');
    } else if (specific.hookEventName !== undefined && !eventNameMatches(event, specific.hookEventName)) {
      // claude-code-hooks.md §3.2: hookEventName must equal the firing event.
      warnings.push(
        `ignored "hookSpecificOutput": its hookEventName ${JSON.stringify(specific.hookEventName)} ` +
          `does not match the event ${event}`,
      );
    } else {
      readSpecific(event, specific, effect, warnings, dialect);
    }
  }
  return { effect, warnings };
}

/**
 * Copilot's event-specific rewrites (other-agents-hooks.md §1.3, §1.5): `modifiedTransformedPrompt`
 * on userPromptTransformed and `modifiedResponse` on subagentStop; a non-string or empty value is
 * ignored with a warning (§1.1 "type hygiene").
 */
function readCopilotRewrites(
  event: EventName,
  output: Record<string, unknown>,
  effect: HandlerEffect,
  warnings: string[],
): void {
  const field =
    event === 'UserPromptTransformed'
      ? 'modifiedTransformedPrompt'
      : event === 'SubagentStop'
        ? 'modifiedResponse'
        : undefined;
  if (field === undefined || output[field] === undefined) return;
  const value = output[field];
  if (typeof value !== 'string' || value === '') {
    warnings.push(`ignored "${field}": expected a non-empty string`);
    return;
  }
  effect.eventFields = { ...effect.eventFields, [field]: value };
}

function eventNameMatches(event: EventName, name: unknown): boolean {
  if (name === event) return true;
  // other-agents-hooks.md §2.5: VS Code accepts a Stop output for SubagentStop, SessionStart for SubagentStart.
  return (
    (event === 'SubagentStop' && name === 'Stop') || (event === 'SubagentStart' && name === 'SessionStart')
  );
}

function readSpecific(
  event: EventName,
  specific: Record<string, unknown>,
  effect: HandlerEffect,
  warnings: string[],
  dialect: Dialect,
): void {
  const permission = specific.permissionDecision;
  if (permission !== undefined) {
    if (typeof permission === 'string' && PERMISSIONS.has(permission)) {
      effect.permission = permission as HandlerEffect['permission'];
      const reason = str(specific.permissionDecisionReason);
      if (reason !== undefined) effect.permissionReason = reason;
    } else {
      warnings.push(
        `ignored permissionDecision ${JSON.stringify(permission)}: expected allow, deny, ask or defer`,
      );
    }
  }
  if (specific.updatedInput !== undefined) {
    if (isRecord(specific.updatedInput)) effect.updatedInput = specific.updatedInput;
    else warnings.push('ignored "updatedInput": expected an object (it replaces the whole tool input)');
  }
  const context = str(specific.additionalContext);
  if (context !== undefined) effect.additionalContext = context;
  const decision = specific.decision;
  if (event === 'PermissionRequest' && isRecord(decision)) {
    const behavior = decision.behavior;
    if (behavior === 'allow' || behavior === 'deny') {
      effect.permissionRequest = { behavior };
      const message = str(decision.message);
      if (message !== undefined) effect.permissionRequest.message = message;
      if (typeof decision.interrupt === 'boolean') effect.permissionRequest.interrupt = decision.interrupt;
      if (isRecord(decision.updatedInput)) effect.permissionRequest.updatedInput = decision.updatedInput;
      if (Array.isArray(decision.updatedPermissions))
        effect.permissionRequest.updatedPermissions = decision.updatedPermissions;
    } else {
      warnings.push(`ignored decision.behavior ${JSON.stringify(behavior)}: expected allow or deny`);
    }
  } else if ((event === 'Stop' || event === 'SubagentStop') && decision === 'block') {
    // VS Code reads the Stop block nested in hookSpecificOutput (other-agents-hooks.md §2.5).
    if (dialect === 'vscode' || dialect === 'copilot-compat') {
      effect.block = { reason: str(specific.reason) ?? '' };
    } else {
      warnings.push(
        'ignored hookSpecificOutput.decision: Claude Code reads Stop blocks from top-level "decision"',
      );
    }
  }
  const toolOutput = specific.updatedToolOutput ?? specific.updatedMCPToolOutput;
  if (toolOutput !== undefined) effect.updatedToolOutput = toolOutput;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(specific)) {
    if (!MAPPED_SPECIFIC.has(key)) rest[key] = value;
  }
  if (Object.keys(rest).length > 0) effect.eventFields = rest;
}
