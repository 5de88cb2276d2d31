// The last step of a dispatch: the DispatchResult, assembled once from what the stages returned.
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { AggregateOutput } from '../aggregate/aggregate.ts';
import type { RunItem } from '../run/run-entry.ts';
import type { BackgroundedRun, DispatchResult, SkippedReport } from './result.ts';

/** What the stages of one dispatch produced, ready to be assembled. */
export interface StageOutputs {
  event: EventName;
  profile: ProfileName;
  aggregated: AggregateOutput;
  items: readonly RunItem[];
  skipped: SkippedReport[];
  backgrounded: readonly BackgroundedRun[];
  prompts: string[];
}

/** A dispatch that ran nothing: no decision, nothing to report. */
export function emptyResult(event: EventName, profile: ProfileName): DispatchResult {
  return {
    event,
    profile,
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

export function assembleResult(stages: StageOutputs): DispatchResult {
  const { aggregated: a, items } = stages;
  const envExports: Record<string, string> = {};
  for (const item of items) if (item.result.envExports) Object.assign(envExports, item.result.envExports);
  const result: DispatchResult = {
    event: stages.event,
    profile: stages.profile,
    decision: a.decision,
    reason: a.reason,
    continue: a.continue,
    stopReason: a.stopReason,
    updatedInput: a.updatedInput,
    additionalContext: a.additionalContext,
    systemMessages: a.systemMessages,
    hooks: items.map((item) => item.report),
    skipped: stages.skipped,
    diagnostics: resultDiagnostics(stages.event, a.conflicts, items),
    messages: a.messages,
    eventOutput: a.eventOutput,
    prompts: stages.prompts,
    envExports,
  };
  // Optional fields only when set (the hot path allocates nothing for them).
  if (a.updatedPrompt !== undefined) result.updatedPrompt = a.updatedPrompt;
  if (a.updatedToolOutput !== undefined) result.updatedToolOutput = a.updatedToolOutput;
  if (a.permission) result.permission = a.permission;
  if (a.stopCapReached) result.stopCapReached = true;
  if (a.terminalReason) result.terminalReason = a.terminalReason;
  if (a.promptKept !== undefined) result.promptKept = a.promptKept;
  if (a.askDenied) result.askDenied = true;
  if (stages.backgrounded.length > 0) result.backgrounded = [...stages.backgrounded];
  return result;
}

/**
 * Conflicts between rewrites, then each run's problems: the runner's with their own codes, and
 * what reading its output ignored (ENGINE_OUTPUT_IGNORED). Each problem appears once.
 */
function resultDiagnostics(
  event: EventName,
  conflicts: readonly string[],
  items: readonly RunItem[],
): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const conflict of conflicts) {
    found.push(diagnostic('ENGINE_OUTPUT_CONFLICT', `${event}: ${conflict}`, { event, severity: 'warning' }));
  }
  for (const item of items) {
    const { failure } = item.result;
    if (item.result.diagnostics === undefined && item.interpretation.warnings.length === 0 && !failure)
      continue;
    const where = { event, file: item.handler.source.file, pointer: item.handler.source.pointer };
    for (const problem of item.result.diagnostics ?? []) {
      found.push(diagnostic(problem.code, `${event} hook ${item.label}: ${problem.message}`, where));
    }
    // A runner that failed (it threw, the server refused, the model's answer was unusable) is a
    // hook that did not judge: its code is in the result's diagnostics, as a spawn failure's is.
    if (failure && !item.result.diagnostics?.some((problem) => problem.code === failure.code)) {
      found.push(diagnostic(failure.code, `${event} hook ${item.label}: ${failure.message}`, where));
    }
    for (const warning of item.interpretation.warnings) {
      found.push(
        diagnostic('ENGINE_OUTPUT_IGNORED', `${event} hook ${item.label}: ${warning}`, {
          ...where,
          severity: 'warning',
        }),
      );
    }
  }
  return found;
}
