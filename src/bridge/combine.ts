// One answer from the results of several origins. Each origin's engine already aggregated its own
// hooks the way its host does; across origins the most restrictive decision wins, as every host
// does among its own hooks (claude-code-hooks.md §3.4; other-agents-hooks.md §1.5, §2.5).
import type { Decision, DispatchResult } from '../engine/dispatch/result.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';

/** Most restrictive first. */
const DECISION_RANK: readonly Decision[] = ['deny', 'block', 'defer', 'ask', 'allow'];

function rank(decision: Decision | null): number {
  return decision === null ? DECISION_RANK.length : DECISION_RANK.indexOf(decision);
}

/** An empty result: no hook ran (no origin had hooks). */
export function emptyResult(event: EventName, host: ProfileName): DispatchResult {
  return {
    event,
    profile: host,
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    updatedInput: null,
    additionalContext: [],
    systemMessages: [],
    hooks: [],
    skipped: [],
    diagnostics: [],
    messages: { toModel: [], placements: [], toUser: [] },
    eventOutput: {},
    prompts: [],
    envExports: {},
  };
}

function firstDefined<T>(values: readonly (T | undefined | null)[]): T | undefined {
  for (const value of values) if (value !== undefined && value !== null) return value;
  return undefined;
}

/** The decision and its reason(s) and details, from the origins that made the winning decision. */
function decide(
  results: readonly DispatchResult[],
): Pick<DispatchResult, 'decision' | 'reason' | 'permission'> {
  let best: Decision | null = null;
  for (const result of results) if (rank(result.decision) < rank(best)) best = result.decision;
  const winners = results.filter((result) => best !== null && result.decision === best);
  const reasons = winners.map((result) => result.reason).filter((reason): reason is string => !!reason);
  const permission = firstDefined(winners.map((result) => result.permission));
  return {
    decision: best,
    reason: reasons.length > 0 ? reasons.join('\n') : null,
    ...(permission ? { permission } : {}),
  };
}

/** Combines the origins' results, in origin order, into the one result the calling host reads. */
export function combineResults(
  event: EventName,
  host: ProfileName,
  results: readonly DispatchResult[],
): DispatchResult {
  const combined = emptyResult(event, host);
  if (results.length === 0) return combined;
  Object.assign(combined, decide(results));
  const stopped = results.find((result) => !result.continue);
  if (stopped) {
    combined.continue = false;
    combined.stopReason = stopped.stopReason;
  }
  // A denied call runs nothing, so a rewrite of it means nothing; otherwise the first origin's wins.
  if (combined.decision !== 'deny')
    combined.updatedInput = firstDefined(results.map((r) => r.updatedInput)) ?? null;
  // The check of the rewrite the answer carries, else the first one (a discarded or denied rewrite).
  const checked = results.find((r) => r.updatedInput !== null && r.updatedInput === combined.updatedInput);
  const check = checked?.updatedInputCheck ?? firstDefined(results.map((r) => r.updatedInputCheck));
  if (check) combined.updatedInputCheck = check;
  const updatedPrompt = firstDefined(results.map((r) => r.updatedPrompt));
  if (updatedPrompt !== undefined) combined.updatedPrompt = updatedPrompt;
  const terminalReason = firstDefined(results.map((r) => r.terminalReason));
  if (terminalReason !== undefined) combined.terminalReason = terminalReason;
  const toolOutput = results.find((r) => r.updatedToolOutput !== undefined);
  if (toolOutput) combined.updatedToolOutput = toolOutput.updatedToolOutput;
  for (const result of results) {
    combined.additionalContext.push(...result.additionalContext);
    combined.systemMessages.push(...result.systemMessages);
    combined.hooks.push(...result.hooks);
    combined.skipped.push(...result.skipped);
    combined.diagnostics.push(...result.diagnostics);
    combined.messages.toModel.push(...result.messages.toModel);
    combined.messages.placements.push(...result.messages.placements);
    combined.messages.toUser.push(...result.messages.toUser);
    combined.prompts.push(...result.prompts);
    // Earlier origins win a field both set.
    combined.eventOutput = { ...result.eventOutput, ...combined.eventOutput };
    combined.envExports = { ...result.envExports, ...combined.envExports };
    if (result.stopCapReached) combined.stopCapReached = true;
    if (result.askDenied) combined.askDenied = true;
    if (result.promptKept !== undefined) combined.promptKept ??= result.promptKept;
    if (result.backgrounded)
      combined.backgrounded = [...(combined.backgrounded ?? []), ...result.backgrounded];
  }
  return combined;
}
