// The last step of a dispatch: the DispatchResult, assembled once from what the stages returned.
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { AggregateOutput } from '../aggregate/aggregate.ts';
import type { ProfileName } from '../profiles/profile-name.ts';
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
    messages: { toModel: [], toUser: [] },
    eventOutput: {},
    prompts: [],
    envExports: {},
  };
}

export function assembleResult(stages: StageOutputs): DispatchResult {
  const { aggregated: a, items } = stages;
  const envExports: Record<string, string> = {};
  for (const item of items) if (item.result.envExports) Object.assign(envExports, item.result.envExports);
  return {
    event: stages.event,
    profile: stages.profile,
    decision: a.decision,
    reason: a.reason,
    continue: a.continue,
    stopReason: a.stopReason,
    updatedInput: a.updatedInput,
    ...(a.updatedPrompt !== undefined ? { updatedPrompt: a.updatedPrompt } : {}),
    additionalContext: a.additionalContext,
    systemMessages: a.systemMessages,
    hooks: items.map((item) => item.report),
    skipped: stages.skipped,
    diagnostics: resultDiagnostics(stages.event, a.conflicts, items),
    messages: a.messages,
    ...(a.updatedToolOutput !== undefined ? { updatedToolOutput: a.updatedToolOutput } : {}),
    ...(a.permission ? { permission: a.permission } : {}),
    eventOutput: a.eventOutput,
    prompts: stages.prompts,
    envExports,
    ...(a.stopCapReached ? { stopCapReached: true } : {}),
    ...(stages.backgrounded.length > 0 ? { backgrounded: [...stages.backgrounded] } : {}),
  };
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
  const found: Diagnostic[] = conflicts.map((conflict) =>
    diagnostic('ENGINE_OUTPUT_CONFLICT', `${event}: ${conflict}`, { event, severity: 'warning' }),
  );
  for (const item of items) {
    const where = { event, file: item.handler.source.file, pointer: item.handler.source.pointer };
    for (const problem of item.result.diagnostics ?? []) {
      found.push(diagnostic(problem.code, `${event} hook ${item.label}: ${problem.message}`, where));
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
