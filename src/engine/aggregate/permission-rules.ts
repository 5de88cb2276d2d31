// Decision rules of permission events: PreToolUse-style permission decisions and PermissionRequest
// (claude-code-hooks.md §3.4, other-agents-hooks.md §1.5).
import type { Decision } from '../dispatch/result.ts';
import { modelReason } from './block-rule.ts';
import { addModelText } from './model-text.ts';
import type { AggregateItem, AggregateOptions, AggregateOutput } from './types.ts';

export function permissionRule(
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
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
  const rank = inputRank(options);
  for (const item of items) {
    const { effect } = item.interpretation;
    if (!effect.updatedInput || effect.permission === 'deny' || effect.permission === 'defer') continue;
    const differs =
      inputFrom !== undefined &&
      JSON.stringify(inputFrom.interpretation.effect.updatedInput) !== JSON.stringify(effect.updatedInput);
    if (inputFrom && rank(item) < rank(inputFrom)) {
      if (differs) {
        out.conflicts.push(
          `updatedInput from ${inputFrom.label} (workspace) wins over the one from ${item.label} (user; seed 000)`,
        );
      }
      continue;
    }
    if (differs)
      out.conflicts.push(`updatedInput from ${item.label} replaces the one from ${inputFrom!.label}`);
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
    // claude-code-observed.md: exit 2 → "<Hook> hook error: [<command>]: <stderr verbatim>"; JSON
    // deny → "<Hook> hook error: <reason>"; ask in -p → the bare reason, and the host consults no
    // PermissionRequest hook.
    if (askDenied) out.askDenied = true;
    const text = askDenied ? reason : `${options.hookLabel} hook error: ${modelReason(winner, reason)}`;
    addModelText(out.messages, text, 'replaces-tool-result');
  } else if (reason && decision !== 'defer') {
    out.messages.toUser.push(reason);
  }
}

/** How strongly a hook's `updatedInput` holds against a later one (`Profile.updatedInputPrecedence`). */
function inputRank(options: AggregateOptions): (item: AggregateItem) => number {
  if (options.profile.updatedInputPrecedence === 'last') return () => 0;
  return (item) => (item.handler.source.scope === 'user' ? 0 : 1);
}

export function permissionRequestRule(
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
): void {
  const deciding = items.filter((item) => item.interpretation.effect.permissionRequest);
  const chosen = options.profile.permissionRequestMerge === 'first' ? deciding[0] : deciding.at(-1);
  if (!chosen) {
    const denial = options.profile.unansweredPermissionDenial;
    if (denial !== undefined && !options.interactive && items.length > 0) {
      out.decision = 'deny';
      out.reason = denial;
      addModelText(out.messages, denial, 'replaces-tool-result');
    }
    return;
  }
  const request = chosen.interpretation.effect.permissionRequest!;
  // other-agents-hooks.md §1.5: with requestSandboxBypass only a deny propagates.
  const toolInput = options.input.tool_input as Record<string, unknown> | undefined;
  if (
    request.behavior === 'allow' &&
    options.profile.sandboxBypassNeedsUser &&
    toolInput?.requestSandboxBypass === true
  ) {
    out.conflicts.push('allow ignored: the call requests a sandbox bypass, which the user must confirm');
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
  if (request.behavior === 'deny' && request.message)
    addModelText(out.messages, request.message, 'replaces-tool-result');
  // seed 003: `interrupt: true` stops the agent only together with a deny.
  if (request.interrupt && request.behavior === 'deny') out.continue = false;
}
