import type { EventName } from '../model/event-name.ts';
import type { CommonInput, EventFields } from './wire/registry.ts';

/** Input types, inferred from the per-event wire schemas (src/events/wire/). */

export type { CommonInput, EventFields } from './wire/registry.ts';

/** What `engine.dispatch(event, input)` accepts: event fields plus any common field. */
export type EventInput<E extends EventName> = EventFields<E> & Partial<CommonInput>;

/** The full payload a Claude-dialect handler receives. */
export type EventPayload<E extends EventName> = EventFields<E> & CommonInput;
