// The read-output stage: one runner result, read the way the emulated host reads it. The profile
// carries the host's reader; this module only separates the cases every host shares.
import { getEvent } from '../../events/catalogue.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunnerResult } from '../../runners/types.ts';
import type { Profile } from '../profiles/profile.ts';
import { blockingFailure, failOpen } from './failure.ts';
import { withoutIgnoredOutput } from './ignored-output.ts';
import { withoutStops } from './ignored-stops.ts';
import { type Interpretation, interpretation } from './interpretation.ts';
import { mcpAnswerFailure } from './mcp-answer.ts';
import type { FailedRun } from './output-reader.ts';
import { parseStdout } from './parse-stdout.ts';
import { readVerdict } from './read-verdict.ts';

/** Reads one handler's result into its outcome and effect (docs/decisions.md). */
export function interpret(
  handler: NormalizedHandler,
  event: EventName,
  result: RunnerResult,
  profile: Profile,
): Interpretation {
  const read = readRun(handler, event, result, profile);
  const ignoresStops = profile.ignoresErrorsAndStops.has(event);
  return withoutIgnoredOutput(
    withoutStops(read, event, result.exitCode, ignoresStops),
    event,
    profile.ignoredOutput[event],
  );
}

function readRun(
  handler: NormalizedHandler,
  event: EventName,
  result: RunnerResult,
  profile: Profile,
): Interpretation {
  const spec = getEvent(event);
  // The runner reports its own problems (truncation, timeouts) as coded diagnostics; these are
  // only what reading the output finds.
  const warnings: string[] = [];
  const blockOnFailure = handler.onFailure === 'block' && !handler.async && spec.onFailureBlock === 'yes';

  if (result.cancelled) {
    return interpretation('cancelled', {}, 'cancelled before it finished; no effect', warnings);
  }
  if (result.spawnError || result.timedOut || result.failure) {
    const run: FailedRun = {
      handler,
      spec,
      outcome: result.spawnError ? 'spawn-error' : result.timedOut ? 'timeout' : 'non-blocking-error',
      message:
        result.spawnError?.message ?? result.failure?.message ?? `timed out after ${result.durationMs} ms`,
      warnings,
    };
    // A failure that blocks is `blocking`, as a command's bad exit under onFailure: block is; a
    // timeout or a start failure keeps its own outcome, which already says what happened.
    const blockedAs = run.outcome === 'non-blocking-error' ? 'blocking' : run.outcome;
    if (blockOnFailure) return blockingFailure(spec, run.message, warnings, null, blockedAs);
    return profile.output.readFailure(run) ?? failOpen(run);
  }
  if (result.verdict)
    return readVerdict(result.verdict, { handler, spec, blockOnFailure, warnings }, profile);
  const parsed = result.output ? { json: result.output, text: '' } : parseStdout(result.stdout);
  if (blockOnFailure && handler.type === 'mcp_tool') {
    const failure = mcpAnswerFailure(result, parsed, spec);
    if (failure) return blockingFailure(spec, failure, warnings, parsed.json);
  }
  return profile.output.read({
    handler,
    spec,
    exitCode: result.exitCode ?? -1,
    cause: 'exit 2',
    // A signal's death has no exit code; -1 stands for it in the rules, never in the words.
    ...(result.exitCode === null && result.signal ? { ending: `killed by ${result.signal}` } : {}),
    stdout: result.stdout,
    stderr: result.stderr,
    json: parsed.json,
    text: parsed.text,
    blockOnFailure,
    warnings,
  });
}
