import type { EventSpec } from '../../events/types.ts';
import type { EventName } from '../../model/event-name.ts';

/** What every handler run of one dispatch shares. */
export interface DispatchScope {
  event: EventName;
  spec: EventSpec;
  /** The canonical input, common fields filled in. */
  input: Record<string, unknown>;
  sessionId: string;
  dispatchId: number;
  /** The dispatch's signal joined with the engine's `close()`. */
  signal: AbortSignal;
  /** The conversation history, for function hooks (seed 004). */
  messages?: readonly unknown[] | undefined;
}
