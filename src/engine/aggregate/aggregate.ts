import { getEvent } from '../../events/catalogue.ts';
import type { DecisionKind, EventSpec } from '../../events/types.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { Decision, DispatchResult } from '../dispatch/result.ts';
import type { Profile } from '../profiles/profile.ts';
import type { Interpretation } from '../read-output/interpretation.ts';

/** One handler's interpreted run, in configured order. */
export interface AggregateItem {
  handler: NormalizedHandler;
  label: string;
  interpretation: Interpretation;
}

export interface AggregateOptions {
  event: EventName;
  profile: Profile;
  /** Whether a person can answer `ask`; without one, ask becomes deny (claude-code-observed.md). */
  interactive: boolean;
  /** `Event:matcherValue` as Claude Code labels its messages, e.g. `PreToolUse:Bash`. */
  hookLabel: string;
  /** Caps a context string (spilling the rest to a file) before it reaches the result. */
  capContext: (text: string) => string;
  input: Record<string, unknown>;
}

export type Aggregated = Pick<
  DispatchResult,
  | 'decision'
  | 'reason'
  | 'continue'
  | 'stopReason'
  | 'updatedInput'
  | 'updatedPrompt'
  | 'additionalContext'
  | 'systemMessages'
  | 'messages'
  | 'updatedToolOutput'
  | 'permission'
  | 'eventOutput'
>;

type Rule = (
  items: AggregateItem[],
  out: Aggregated,
  options: AggregateOptions,
  spec: EventSpec,
  conflicts: string[],
) => void;

/**
 * Per-kind decision rules (claude-code-hooks.md §3.4, other-agents-hooks.md §1.5 and §2.5).
 * Exhaustive over DecisionKind: a catalogue row with a new kind does not compile until it has a rule.
 */
const RULES: { readonly [K in DecisionKind]: Rule } = {
  permission: permissionRule,
  'permission-request': permissionRequestRule,
  block: blockRule,
  stop: blockRule,
  continue: blockRule,
  elicitation: blockRule,
  worktree: blockRule,
  retry: noDecisionRule,
  display: noDecisionRule,
  context: noDecisionRule,
  watch: noDecisionRule,
  none: noDecisionRule,
};

/**
 * Merges the runs into `out` (a dispatch result, which starts with no decision) and returns the
 * conflicts found, for the caller to report.
 */
export function aggregate(items: AggregateItem[], options: AggregateOptions, out: Aggregated): string[] {
  const spec = getEvent(options.event);
  const conflicts: string[] = [];
  // Claude Code discards these events' output; Copilot still reads additionalContext on
  // notification (other-agents-hooks.md §1.3).
  const discardOutput = spec.decisionKind === 'none' && !options.profile.readsNonDecidingOutput;
  let toolOutputFrom: string | undefined;
  let promptFrom: string | undefined;
  for (const item of items) {
    const { effect, plainText } = item.interpretation;
    if (effect.userNotice) out.messages.toUser.push(`${options.hookLabel} hook error: ${effect.userNotice}`);
    if (discardOutput) continue;
    if (effect.continue === false) {
      if (out.continue) out.stopReason = effect.stopReason ?? '';
      out.continue = false;
    }
    if (effect.systemMessage) {
      out.systemMessages.push(effect.systemMessage);
      out.messages.toUser.push(`${options.hookLabel} says: ${effect.systemMessage}`);
    }
    if (plainText !== null && spec.plainStdout === 'context') {
      const text = options.capContext(plainText);
      out.additionalContext.push(text);
      out.messages.toModel.push(`${options.hookLabel} hook success: ${text}`);
    }
    if (effect.additionalContext) {
      const text = options.capContext(effect.additionalContext);
      out.additionalContext.push(text);
      out.messages.toModel.push(`${options.hookLabel} hook additional context: ${text}`);
    }
    if (effect.updatedToolOutput !== undefined) {
      if (toolOutputFrom !== undefined) {
        conflicts.push(`updatedToolOutput from ${item.label} replaces the one from ${toolOutputFrom}`);
      }
      out.updatedToolOutput = effect.updatedToolOutput;
      toolOutputFrom = item.label;
    }
    if (effect.updatedPrompt !== undefined) {
      // The last rewrite in configured order wins; every replaced one is reported.
      if (promptFrom !== undefined)
        conflicts.push(`updatedPrompt from ${item.label} replaces the one from ${promptFrom}`);
      out.updatedPrompt = effect.updatedPrompt;
      promptFrom = item.label;
    }
    if (effect.eventFields) Object.assign(out.eventOutput, effect.eventFields);
  }
  if (!discardOutput) RULES[spec.decisionKind](items, out, options, spec, conflicts);
  // other-agents-hooks.md §1.5: on subagentStop a valid block beats modifiedResponse.
  if (out.decision === 'block' && 'modifiedResponse' in out.eventOutput)
    delete out.eventOutput.modifiedResponse;
  if (!out.continue && out.stopReason) out.messages.toUser.push(out.stopReason);
  return conflicts;
}

function permissionRule(
  items: AggregateItem[],
  out: Aggregated,
  options: AggregateOptions,
  _spec: EventSpec,
  conflicts: string[],
): void {
  const order = options.profile.permissionOrder;
  let winner: AggregateItem | undefined;
  for (const item of items) {
    const decision = item.interpretation.effect.permission;
    if (!decision) continue;
    if (!winner || order.indexOf(decision) < order.indexOf(winner.interpretation.effect.permission!))
      winner = item;
  }
  // updatedInput: only from runs that did not deny (claude-code-hooks.md §3.4 [SRC]); the last in
  // configured order wins, so the result is deterministic, and every replaced rewrite is reported.
  let inputFrom: AggregateItem | undefined;
  for (const item of items) {
    const { effect } = item.interpretation;
    if (!effect.updatedInput || effect.permission === 'deny' || effect.permission === 'defer') continue;
    if (
      inputFrom &&
      JSON.stringify(inputFrom.interpretation.effect.updatedInput) !== JSON.stringify(effect.updatedInput)
    ) {
      conflicts.push(`updatedInput from ${item.label} replaces the one from ${inputFrom.label}`);
    }
    inputFrom = item;
  }
  if (!winner) {
    if (inputFrom) out.updatedInput = inputFrom.interpretation.effect.updatedInput!;
    return;
  }
  let decision: Decision = winner.interpretation.effect.permission!;
  const reason = winner.interpretation.effect.permissionReason ?? '';
  if (decision === 'ask' && !options.interactive) decision = 'deny';
  out.decision = decision;
  out.reason = reason;
  if (inputFrom && decision !== 'deny' && decision !== 'defer')
    out.updatedInput = inputFrom.interpretation.effect.updatedInput!;
  if (decision === 'deny') {
    const askDenied = winner.interpretation.effect.permission === 'ask';
    // claude-code-observed.md: exit 2 → "<Hook> hook error: [<command>]: <stderr>"; JSON deny →
    // "<Hook> hook error: <reason>"; ask in -p → the bare reason.
    const text = askDenied
      ? reason
      : winner.interpretation.blockedByExit && labelsReason(winner)
        ? `${options.hookLabel} hook error: [${winner.label}]: ${reason}`
        : `${options.hookLabel} hook error: ${reason}`;
    out.messages.toModel.push(text);
  } else if (reason && decision !== 'defer') {
    out.messages.toUser.push(reason);
  }
}

function permissionRequestRule(
  items: AggregateItem[],
  out: Aggregated,
  options: AggregateOptions,
  _spec: EventSpec,
  conflicts: string[],
): void {
  const deciding = items.filter((item) => item.interpretation.effect.permissionRequest);
  const chosen = options.profile.permissionRequestMerge === 'first' ? deciding[0] : deciding.at(-1);
  if (!chosen) return;
  const request = chosen.interpretation.effect.permissionRequest!;
  // other-agents-hooks.md §1.5: with requestSandboxBypass only a deny propagates.
  const toolInput = options.input.tool_input as Record<string, unknown> | undefined;
  if (
    request.behavior === 'allow' &&
    options.profile.sandboxBypassNeedsUser &&
    toolInput?.requestSandboxBypass === true
  ) {
    conflicts.push('allow ignored: the call requests a sandbox bypass, which the user must confirm');
    return;
  }
  out.decision = request.behavior;
  out.reason = request.message ?? null;
  if (request.updatedInput) out.updatedInput = request.updatedInput;
  out.permission = {
    ...(request.interrupt !== undefined ? { interrupt: request.interrupt } : {}),
    ...(request.updatedPermissions ? { updatedPermissions: request.updatedPermissions } : {}),
    ...(request.message !== undefined ? { message: request.message } : {}),
  };
  if (request.behavior === 'deny' && request.message) out.messages.toModel.push(request.message);
  if (request.interrupt) out.continue = false;
}

function blockRule(
  items: AggregateItem[],
  out: Aggregated,
  options: AggregateOptions,
  spec: EventSpec,
): void {
  const reasons: string[] = [];
  for (const item of items) {
    const block = item.interpretation.effect.block;
    if (!block) continue;
    const viaExit = item.interpretation.blockedByExit && labelsReason(item);
    const reason = viaExit ? `[${item.label}]: ${block.reason}` : block.reason;
    reasons.push(reason);
    const messages = blockMessages(spec, options, item, reason);
    out.messages.toModel.push(...messages.toModel);
    out.messages.toUser.push(...messages.toUser);
  }
  if (reasons.length === 0) return;
  out.decision = 'block';
  out.reason = items
    .map((item) => item.interpretation.effect.block?.reason)
    .filter((reason): reason is string => reason !== undefined)
    .join('\n');
}

/** Claude Code's wording for a block on each kind of event (claude-code-observed.md "Decisions"). */
function blockMessages(
  spec: EventSpec,
  options: AggregateOptions,
  item: AggregateItem,
  reason: string,
): { toModel: string[]; toUser: string[] } {
  const blockingError = `${options.hookLabel} hook blocking error from ${item.handler.type}: "${item.label}": ${reason}`;
  switch (spec.name) {
    case 'Stop':
    case 'SubagentStop':
      // A JSON block also shows the blocking error; an exit-2 block is one feedback message.
      return {
        toModel: [`${spec.name} hook feedback:\n${reason}`],
        toUser: item.interpretation.blockedByExit ? [] : [blockingError],
      };
    case 'UserPromptSubmit':
    case 'UserPromptExpansion': {
      const prompt = typeof options.input.prompt === 'string' ? options.input.prompt : '';
      return {
        toModel: [],
        toUser: [`${spec.name} operation blocked by hook:\n${reason}\n\nOriginal prompt: ${prompt}`],
      };
    }
    default:
      return { toModel: [blockingError], toUser: [] };
  }
}

/**
 * Claude Code prefixes an exit-2 (or prompt `ok: false`) reason with the configured command line
 * or prompt in brackets (claude-code-observed.md "Decisions").
 */
function labelsReason(item: AggregateItem): boolean {
  const type = item.handler.type;
  return type === 'command' || type === 'prompt' || type === 'agent';
}

function noDecisionRule(): void {
  // Context-only events: the shared pass already collected context, messages and event fields.
}
