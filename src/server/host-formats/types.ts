import type { DispatchResult, EventName, ProfileName } from '../../index.ts';

/** The part of a host's request the server needs: which event, its input, and who asks. */
export interface HostRequest {
  event: EventName;
  input: Record<string, unknown>;
  sessionId: string | null;
  tool: string | null;
}

/** Thrown for a request the host format cannot read; answered with 400 and nothing runs. */
export class BadHostRequest extends Error {}

/**
 * One calling host's `http` hook protocol: how its request reads and what its 2xx answer must
 * look like. Failures (non-2xx, timeouts) need no format: every host treats them alike.
 */
export interface HostFormat {
  /** The URL segment: `/hooks/<name>/<event>`. */
  readonly name: 'claude-code' | 'copilot-cli';
  /** The engine profile whose semantics this host has. */
  readonly profile: ProfileName;
  /** `pathEvent` is the event segment of the URL, if any. */
  parse(pathEvent: string | undefined, body: unknown): HostRequest;
  /** The JSON body of the 2xx answer, read by the host like a command hook's stdout. */
  render(result: DispatchResult): Record<string, unknown>;
  /** How long the host waits for an `http` hook of this event when its `timeout` is not set. */
  defaultTimeoutMs(event: EventName): number;
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadHostRequest('the request body must be a JSON object (the hook input)');
  return body as Record<string, unknown>;
}

export function stringField(input: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = input[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}
