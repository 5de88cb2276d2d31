// Events on which a host ignores a hook's errors and stop requests: VS Code's SessionStart and
// SubagentStart (other-agents-hooks.md §2.5 "Per-event aggregation": "additionalContext joined
// with \n; errors and stop requests ignored"). The session goes on and the remaining hooks run;
// each ignored part is a warning on the run (ENGINE_OUTPUT_IGNORED), never silent.
import type { EventName } from '../../model/event-name.ts';
import type { HandlerEffect } from './effect.ts';
import type { Interpretation } from './interpretation.ts';

/** The exit code that is a blocking error in VS Code's executor (§2.5 `NodeHookExecutor`). */
const BLOCKING_EXIT = 2;

/** What a hook that wants to stop VS Code's request does instead (§2.5: UserPromptSubmit aborts). */
const STOP_FIX =
  'to stop the request, block it from a UserPromptSubmit hook ({"decision": "block", "reason": "…"})';

/** What a hook that wants the user to see a problem does instead (§2.5: shown as a warning). */
const WARN_FIX = 'to warn the user, print {"systemMessage": "…"} and exit 0';

/**
 * The interpretation as a host that ignores errors and stop requests on `event` uses it:
 * `continue: false` and `stopReason` dropped, and an exit 2 (VS Code's blocking error, §2.5
 * `NodeHookExecutor.executeCommand`) no longer shown to the user. Other exit codes are VS Code's
 * non-blocking warnings, shown on every event, and stay as they are.
 */
export function withoutStops(
  read: Interpretation,
  event: EventName,
  exitCode: number | null,
  ignores: boolean,
): Interpretation {
  if (!ignores) return read;
  const stop = read.effect.continue === false || read.effect.stopReason !== undefined;
  const error = exitCode === BLOCKING_EXIT && read.effect.userNotice !== undefined;
  if (!stop && !error) return read;
  const effect: HandlerEffect = { ...read.effect };
  const warnings = [...read.warnings];
  if (stop) {
    const fields = stopFields(effect);
    delete effect.stopReason;
    if (effect.continue === false) delete effect.continue;
    warnings.push(
      `ignored ${fields}: VS Code ignores stop requests on ${event} (other-agents-hooks.md §2.5), ` +
        `so the session goes on and the remaining hooks run; ${STOP_FIX}`,
    );
  }
  if (error) {
    const stderr = JSON.stringify(effect.userNotice);
    delete effect.userNotice;
    warnings.push(
      `ignored exit 2: VS Code ignores errors on ${event} (other-agents-hooks.md §2.5), so the ` +
        `session goes on and its stderr ${stderr} is not shown; ${STOP_FIX}; ${WARN_FIX}`,
    );
  }
  return { ...read, effect, explanation: `${read.explanation}; VS Code ignores it on ${event}`, warnings };
}

function stopFields(effect: HandlerEffect): string {
  const fields: string[] = [];
  if (effect.continue === false) fields.push('"continue": false');
  if (effect.stopReason !== undefined) fields.push(`"stopReason" ${JSON.stringify(effect.stopReason)}`);
  return fields.join(' and ');
}
