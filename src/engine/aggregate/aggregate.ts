// The aggregate stage: the interpreted runs of one dispatch merged into its decision, context and
// messages, in configured order (claude-code-hooks.md §3.4, other-agents-hooks.md §1.5, §2.5).
import { getEvent } from '../../events/catalogue.ts';
import type { DecisionKind, EventSpec } from '../../events/types.ts';
import { stopCapMessage } from '../session/stop-loop.ts';
import { blockRule, feedbackRule } from './block-rule.ts';
import { capItemTexts } from './cap-texts.ts';
import { addModelText, alignPlacements, defaultPlacement } from './model-text.ts';
import { permissionRequestRule, permissionRule } from './permission-rules.ts';
import type { AggregateItem, AggregateOptions, AggregateOutput } from './types.ts';

export type { AggregateItem, AggregateOptions, AggregateOutput } from './types.ts';

/** A per-kind decision rule; it adds to the output this stage is building. */
type Rule = (
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
  spec: EventSpec,
) => void;

/**
 * Per-kind decision rules. Exhaustive over DecisionKind: a catalogue row with a new kind does not
 * compile until it has a rule.
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
  context: feedbackRule,
  watch: noDecisionRule,
  none: noDecisionRule,
};

/** Merges the runs into the fields of the dispatch result; nothing decided means no decision. */
export function aggregate(runs: AggregateItem[], options: AggregateOptions): AggregateOutput {
  const items = capItemTexts(runs, options.capContext);
  const spec = getEvent(options.event);
  const out: AggregateOutput = {
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    updatedInput: null,
    additionalContext: [],
    systemMessages: [],
    messages: { toModel: [], placements: [], toUser: [] },
    eventOutput: {},
    conflicts: [],
  };
  // Claude Code discards these events' output; Copilot still reads additionalContext on
  // notification (other-agents-hooks.md §1.3).
  const discardOutput = spec.decisionKind === 'none' && !options.profile.readsNonDecidingOutput;
  collectShared(items, out, options, spec, discardOutput);
  if (!discardOutput) RULES[spec.decisionKind](items, out, options, spec);
  // other-agents-hooks.md §1.5: on subagentStop a valid block beats modifiedResponse.
  if (out.decision === 'block' && 'modifiedResponse' in out.eventOutput)
    delete out.eventOutput.modifiedResponse;
  if (options.profile.modelTexts) {
    // The profile's texts replace Claude Code's, placements included, so the lists stay aligned.
    const texts = options.profile.modelTexts({ ...out, event: options.event, input: options.input, items });
    out.messages.toModel = texts.map((t) => t.text);
    out.messages.placements = texts.map((t) => t.placement);
  }
  if (!out.continue && out.stopReason) out.messages.toUser.push(out.stopReason);
  if (out.stopCapReached && options.stopCap)
    out.messages.toUser.push(stopCapMessage(options.stopCap.blocks + 1));
  alignPlacements(out.messages, spec);
  concludeTurn(out, options, spec);
  return out;
}

/** What a host acts on without re-deriving it: whether and why the turn ends, whether a blocked prompt stays. */
function concludeTurn(out: AggregateOutput, options: AggregateOptions, spec: EventSpec): void {
  // claude-code-observed.md: continue:false → terminal_reason "hook_stopped"; defer → the run ends
  // with stop_reason "tool_deferred"; the Stop cap overrides the block and ends the turn.
  if (!out.continue) out.terminalReason = 'hook_stopped';
  else if (out.decision === 'defer') out.terminalReason = 'tool_deferred';
  else if (out.stopCapReached) out.terminalReason = 'stop_hook_cap';
  const kept = options.profile.blockedPromptKept;
  const promptEvent = spec.name === 'UserPromptSubmit' || spec.name === 'UserPromptExpansion';
  if (out.decision === 'block' && promptEvent && kept !== undefined) out.promptKept = kept;
}

/** The pass every event shares: notices, continue, system messages, context, rewrites, event fields. */
function collectShared(
  items: AggregateItem[],
  out: AggregateOutput,
  options: AggregateOptions,
  spec: EventSpec,
  discardOutput: boolean,
): void {
  let toolOutputFrom: string | undefined;
  let promptFrom: string | undefined;
  for (const item of items) {
    const { effect, plainText } = item.interpretation;
    if (effect.userNotice) {
      // A no-verdict notice is the host's own sentence, without the hook label.
      const notice = item.interpretation.noVerdict
        ? effect.userNotice
        : `${options.hookLabel} hook error: ${effect.userNotice}`;
      out.messages.toUser.push(notice);
    }
    if (discardOutput) continue;
    if (effect.continue === false || item.interpretation.endsTurn) {
      if (out.continue) out.stopReason = effect.stopReason ?? '';
      out.continue = false;
    }
    if (effect.systemMessage) {
      out.systemMessages.push(effect.systemMessage);
      out.messages.toUser.push(`${options.hookLabel} says: ${effect.systemMessage}`);
    }
    if (plainText !== null && spec.plainStdout === 'context') {
      addContext(out, options, `${options.hookLabel} hook success: `, plainText);
    }
    if (effect.additionalContext) {
      // claude-code-observed.md: SessionStart labels its additional context without the source
      // (`SessionStart hook additional context: …`), unlike its plain stdout.
      const label = spec.name === 'SessionStart' ? spec.name : options.hookLabel;
      addContext(out, options, `${label} hook additional context: `, effect.additionalContext);
    }
    if (effect.updatedToolOutput !== undefined) {
      if (toolOutputFrom !== undefined) {
        out.conflicts.push(`updatedToolOutput from ${item.label} replaces the one from ${toolOutputFrom}`);
      }
      out.updatedToolOutput = effect.updatedToolOutput;
      toolOutputFrom = item.label;
    }
    if (effect.updatedPrompt !== undefined) {
      // The last rewrite in configured order wins; every replaced one is reported.
      if (promptFrom !== undefined)
        out.conflicts.push(`updatedPrompt from ${item.label} replaces the one from ${promptFrom}`);
      out.updatedPrompt = effect.updatedPrompt;
      promptFrom = item.label;
    }
    if (effect.eventFields) Object.assign(out.eventOutput, effect.eventFields);
  }
}

function addContext(out: AggregateOutput, options: AggregateOptions, prefix: string, raw: string): void {
  const text = options.capContext(raw);
  out.additionalContext.push(text);
  addModelText(out.messages, `${prefix}${text}`, defaultPlacement(getEvent(options.event)));
}

function noDecisionRule(): void {
  // Context-only events: the shared pass already collected context, messages and event fields.
}
