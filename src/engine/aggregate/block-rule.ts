// The decision rule of blocking events (block, stop, continue, elicitation, worktree), with Claude
// Code's wording of each block (claude-code-observed.md "Decisions").
import type { EventSpec } from '../../events/types.ts';
import { capReached } from '../session/stop-loop.ts';
import type { AggregateItem, AggregateOptions, AggregateOutput } from './types.ts';

/**
 * Any block blocks; every block's reason is kept. Past the Stop loop cap a Stop/SubagentStop block
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
  const reasons: string[] = [];
  for (const item of items) {
    const block = item.interpretation.effect.block;
    if (!block) continue;
    const viaExit = item.interpretation.blockedByExit && labelsReason(item);
    const reason = viaExit ? `[${item.label}]: ${block.reason}` : block.reason;
    reasons.push(reason);
    const messages = blockMessages(spec, options, item, reason);
    if (!overridden) out.messages.toModel.push(...messages.toModel);
    out.messages.toUser.push(...messages.toUser);
  }
  if (reasons.length === 0) return;
  out.reason = items
    .map((item) => item.interpretation.effect.block?.reason)
    .filter((reason): reason is string => reason !== undefined)
    .join('\n');
  if (overridden) out.stopCapReached = true;
  else out.decision = 'block';
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
export function labelsReason(item: AggregateItem): boolean {
  const type = item.handler.type;
  return type === 'command' || type === 'prompt' || type === 'agent';
}
