import type { EventSpec } from '../../events/types.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ModelVerdict } from '../../runners/types.ts';
import type { Profile } from '../profiles/profile.ts';
import type { Interpretation } from './interpretation.ts';

const NO_REASON = 'the hook condition was not met (the model gave no reason)';

/**
 * Events on which a prompt hook's `ok: false` ends the turn unless the handler sets
 * `continueOnBlock: true` (claude-code-hooks.md §2.7, §2.10, §4.5; claude-code-observed.md prompt
 * hook row: "the turn ends"). Stop, PostToolUseFailure and the task events continue instead.
 */
const TURN_ENDING_EVENTS: ReadonlySet<string> = new Set([
  'PreToolUse',
  'PostToolUse',
  'PostToolBatch',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'TeammateIdle',
]);

/**
 * A prompt or agent hook's verdict, read by the host's reader: `ok: false` has the event's exit-2
 * meaning with the reason as the message, `ok: true` is a success without output, and
 * `impossible` lets a Stop/SubagentStop through (claude-code-hooks.md §4.5, §4.6).
 */
export function readVerdict(
  verdict: ModelVerdict,
  run: { handler: NormalizedHandler; spec: EventSpec; blockOnFailure: boolean; warnings: string[] },
  profile: Profile,
): Interpretation {
  const reason = verdict.reason?.trim() || NO_REASON;
  const isStop = run.spec.stopLoop !== 'none';
  const letThrough = !verdict.ok && verdict.impossible === true && isStop;
  if (letThrough) run.warnings.push(`the model judged the condition impossible: ${reason}`);
  const blocks = !verdict.ok && !letThrough;
  const read = profile.output.read({
    ...run,
    exitCode: blocks ? 2 : 0,
    cause: 'the model answered ok: false',
    stdout: '',
    stderr: blocks ? reason : '',
    json: null,
    text: '',
  });
  // Agent hooks behave as prompt hooks with `continueOnBlock: true` (claude-code-hooks.md §4.6).
  const spec =
    run.handler.type === 'prompt' ? (run.handler.spec as { continueOnBlock?: boolean }) : undefined;
  if (blocks && spec && spec.continueOnBlock !== true && TURN_ENDING_EVENTS.has(run.spec.name)) {
    read.endsTurn = true;
    read.explanation += '; the turn ends (no continueOnBlock)';
  }
  return read;
}
