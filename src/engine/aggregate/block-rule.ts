// The decision rule of blocking events (block, stop, continue, elicitation, worktree), with Claude
// Code's wording of each block (claude-code-observed.md "Decisions").
import type { EventSpec } from '../../events/types.ts';
import type { Placement } from '../dispatch/result.ts';
import { capReached } from '../session/stop-loop.ts';
import { addModelText, defaultPlacement } from './model-text.ts';
import type { AggregateItem, AggregateOptions, AggregateOutput } from './types.ts';

interface BlockMessages {
  toModel: { text: string; placement: Placement }[];
  toUser: string[];
}

/**
 * Any block blocks; every block's reason is kept (once, where the profile says so). Past the Stop loop cap a Stop/SubagentStop block
 * is overridden (claude-code-hooks.md §2.18): decided here, before any message is written, so the
 * feedback that would send the agent on is never produced.
 */
export function blockRule(
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
  spec: EventSpec,
): void {
  const overridden = options.stopCap !== undefined && capReached(options.stopCap);
  const blocking = withoutRepeatedReasons(blockingItems(items, out, options, spec), options, spec);
  for (const item of blocking) {
    const reason = modelReason(item, item.interpretation.effect.block?.reason ?? '');
    const messages = blockMessages(spec, options, item, reason);
    if (!overridden) for (const m of messages.toModel) addModelText(out.messages, m.text, m.placement);
    out.messages.toUser.push(...messages.toUser);
  }
  if (blocking.length === 0) return;
  out.reason = blocking.map((item) => item.interpretation.effect.block?.reason ?? '').join('\n');
  if (overridden) out.stopCapReached = true;
  else out.decision = 'block';
}

/**
 * The items whose block counts, in configured order. Where the host keeps only the first block
 * (VS Code PostToolUse, other-agents-hooks.md §2.5), each later one is reported as a conflict.
 */
function blockingItems(
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
  spec: EventSpec,
): AggregateItem[] {
  const blocking = items.filter((item) => item.interpretation.effect.block !== undefined);
  const [first, ...later] = blocking;
  if (first === undefined || !options.profile.firstBlockOnly.has(spec.name)) return blocking;
  for (const item of later) {
    const reason = JSON.stringify(item.interpretation.effect.block?.reason ?? '');
    out.conflicts.push(
      `block from ${item.label} (reason ${reason}) is not read: ${options.profile.name} keeps only the ` +
        `first hook's block, so the first block wins (${first.label})`,
    );
  }
  return [first];
}

/**
 * Where the host keeps each block reason once (VS Code Stop/SubagentStop, other-agents-hooks.md
 * §2.5), a block whose reason an earlier hook already gave adds neither reason nor model text: the
 * agent is told each thing to do once. The hook still counts as blocking in its own report.
 */
function withoutRepeatedReasons(
  blocking: AggregateItem[],
  options: AggregateOptions,
  spec: EventSpec,
): AggregateItem[] {
  if (!options.profile.uniqueBlockReasons.has(spec.name)) return blocking;
  const seen = new Set<string>();
  return blocking.filter((item) => {
    const reason = item.interpretation.effect.block?.reason ?? '';
    if (seen.has(reason)) return false;
    seen.add(reason);
    return true;
  });
}

/**
 * The reason as the model reads it: an exit-2 (or `ok: false`) reason keeps the hook's stderr
 * verbatim behind the configured command line or prompt in brackets (claude-code-observed.md).
 */
export function modelReason(item: AggregateItem, reason: string): string {
  const { interpretation } = item;
  if (!interpretation.blockedByExit || !labelsReason(item)) return reason;
  return `[${item.label}]: ${interpretation.modelReason ?? reason}`;
}

/** Claude Code's wording for a block on each kind of event (claude-code-observed.md "Decisions"). */
function blockMessages(
  spec: EventSpec,
  options: AggregateOptions,
  item: AggregateItem,
  reason: string,
): BlockMessages {
  const blockingError = `${options.hookLabel} hook blocking error from ${item.handler.type}: "${item.label}": ${reason}`;
  switch (spec.name) {
    case 'Stop':
    case 'SubagentStop': {
      // The model continues with a user message; a JSON block adds the blocking error as a system
      // message, an exit-2 block is the feedback message alone.
      const feedback = { text: `${spec.name} hook feedback:\n${reason}`, placement: 'user-message' as const };
      if (item.interpretation.blockedByExit) return { toModel: [feedback], toUser: [] };
      return { toModel: [feedback, { text: blockingError, placement: 'system-message' }], toUser: [] };
    }
    case 'UserPromptSubmit':
    case 'UserPromptExpansion': {
      const prompt = typeof options.input.prompt === 'string' ? options.input.prompt : '';
      const notice = options.profile.promptBlockedNotice?.(reason);
      return {
        toModel: [],
        toUser: [
          notice ?? `${spec.name} operation blocked by hook:\n${reason}\n\nOriginal prompt: ${prompt}`,
        ],
      };
    }
    default:
      return { toModel: [{ text: blockingError, placement: defaultPlacement(spec) }], toUser: [] };
  }
}

/**
 * Events whose exit 2 feeds stderr back without deciding anything (PostToolUseFailure,
 * claude-code-hooks.md §2.11 and §3.3 "PostToolUse/PostToolUseFailure stderr → Claude"): the
 * blocking error reaches the model as on PostToolUse, and there is no decision.
 */
export function feedbackRule(
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
  spec: EventSpec,
): void {
  if (spec.exit2 !== 'feedback') return;
  for (const item of items) {
    const block = item.interpretation.effect.block;
    if (!block) continue;
    const reason = modelReason(item, block.reason);
    const text = `${options.hookLabel} hook blocking error from ${item.handler.type}: "${item.label}": ${reason}`;
    addModelText(out.messages, text, defaultPlacement(spec));
  }
}

/**
 * Claude Code prefixes an exit-2 (or prompt `ok: false`) reason with the configured command line
 * or prompt in brackets (claude-code-observed.md "Decisions").
 */
export function labelsReason(item: AggregateItem): boolean {
  const type = item.handler.type;
  return type === 'command' || type === 'prompt' || type === 'agent';
}
