// Every text a hook sends on to the model or the user is capped, not only additionalContext: a
// 500,000-character systemMessage or a 10 MiB exit-2 stderr used to reach the result and
// messages.toModel whole (issue 13 "Smaller defects"). The same cap and spill as for context
// (claude-code-hooks.md §3.2); one spill per distinct text, however many fields carry it.
import type { HandlerEffect } from '../read-output/effect.ts';
import type { AggregateItem } from './types.ts';

/** The effect fields holding free text that is shown to the model or the user. */
const TEXT_FIELDS = ['systemMessage', 'stopReason', 'permissionReason', 'userNotice'] as const;

/** Returns the items with each of their texts capped; items without long texts are unchanged. */
export function capItemTexts(items: AggregateItem[], cap: (text: string) => string): AggregateItem[] {
  const capped = new Map<string, string>();
  const once = (text: string): string => {
    let result = capped.get(text);
    if (result === undefined) {
      result = cap(text);
      capped.set(text, result);
    }
    return result;
  };
  return items.map((item) => capItem(item, once));
}

function capItem(item: AggregateItem, cap: (text: string) => string): AggregateItem {
  const { interpretation } = item;
  const effect: HandlerEffect = { ...interpretation.effect };
  let changed = false;
  for (const field of TEXT_FIELDS) {
    const text = effect[field];
    if (text === undefined || cap(text) === text) continue;
    effect[field] = cap(text);
    changed = true;
  }
  if (effect.block !== undefined && cap(effect.block.reason) !== effect.block.reason) {
    effect.block = { ...effect.block, reason: cap(effect.block.reason) };
    changed = true;
  }
  const modelReason = interpretation.modelReason;
  const cappedModelReason = modelReason === undefined ? undefined : cap(modelReason);
  if (!changed && cappedModelReason === modelReason) return item;
  const next = { ...interpretation, effect };
  if (cappedModelReason !== undefined) next.modelReason = cappedModelReason;
  return { ...item, interpretation: next };
}
