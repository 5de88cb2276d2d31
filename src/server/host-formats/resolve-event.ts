// Not through the root entry, which loads zod (see claude-code.ts).
import { resolveEventName } from '../../events/dialect-names.ts';
import type { EventName } from '../../model/event-name.ts';
import { BadHostRequest } from './types.ts';

/** The canonical event from the URL segment and/or the body's event name; they must agree. */
export function resolveRequestEvent(pathEvent: string | undefined, bodyEvent: string | null): EventName {
  const fromPath = pathEvent ? resolveEventName(pathEvent)?.event : undefined;
  if (pathEvent && !fromPath) throw new BadHostRequest(`unknown event "${pathEvent}" in the URL`);
  const fromBody = bodyEvent ? resolveEventName(bodyEvent)?.event : undefined;
  if (fromPath && fromBody && fromPath !== fromBody)
    throw new BadHostRequest(`the URL names ${fromPath} but the body's event is ${fromBody}`);
  const event = fromPath ?? fromBody;
  if (!event)
    throw new BadHostRequest(
      bodyEvent
        ? `unknown event "${bodyEvent}" in the body`
        : 'no event: put it in the URL (/hooks/<host>/<Event>) or in hook_event_name',
    );
  return event;
}
