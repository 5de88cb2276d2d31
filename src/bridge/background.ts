// Background hooks under the bridge (docs/bridge.md "Background hooks"): what the foreground
// bridge hands to its keeper, what it says about hooks that ended with it, and the delivery of
// earlier background output to the session's next event that can carry it.
import type { AsyncHookResult } from '../engine/async/async-types.ts';
import type { DispatchResult } from '../engine/dispatch/result.ts';
import { LEFT_TO_BACKGROUND } from '../engine/run/background-split.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { inboxFile, takeInbox } from './async-inbox.ts';
import { carriesContext } from './context-events.ts';
import type { OpenSession } from './open-session.ts';

export interface OriginRun {
  result: DispatchResult;
  /** Background hooks that finished (`background: 'only'`). */
  finished: AsyncHookResult[];
  /** Labels of background hooks started here and ended with this process. */
  ended: string[];
}

/** Hands the background hooks to the keeper when some were left to it; a failed start is said. */
export async function handOffBackground(
  handOff: ((stdin: string) => Promise<string | undefined>) | undefined,
  stdin: string,
  runs: readonly OriginRun[],
): Promise<string[]> {
  const left = runs.some((run) => run.result.skipped.some((skip) => skip.why === LEFT_TO_BACKGROUND));
  if (!left || !handOff) return [];
  const failed = await handOff(stdin);
  return failed === undefined ? [] : [`the background hooks of this event did not start: ${failed}`];
}

/** Background hooks that had to end with this process: a first-line `{"async":true}`, or no keeper. */
export function endedNotes(runs: readonly OriginRun[]): string[] {
  const ended = runs.flatMap((run) => run.ended);
  if (ended.length === 0) return [];
  return [
    `background hooks ended with this bridge process, their output unread: ${ended.join(', ')} (under the bridge, mark them \`"async": true\` instead of printing {"async":true})`,
  ];
}

/** Adds the session's earlier background output, older than this event's own, where the answer carries it. */
export async function deliverEarlier(
  session: OpenSession | undefined,
  host: ProfileName,
  event: EventName,
  result: DispatchResult,
): Promise<void> {
  if (!session?.inboxWaiting || !carriesContext(host, event)) return;
  const earlier = await takeInbox(inboxFile(session.state.file));
  result.additionalContext.unshift(...earlier.map((entry) => entry.text));
}
