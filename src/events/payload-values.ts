/** Value conversions shared by the payload renderers and `normalizeInput`. */

export type Payload = Record<string, unknown>;

export function isRecord(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Copilot `toolArgs` may be a JSON string (older docs) or an object (newer docs); the compat payload
 * parses it "when possible" (other-agents-hooks.md §1.3). Unparsable strings stay strings.
 */
export function parseToolArgs(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** The text a Copilot `toolResult.textResultForLlm` carries for a Claude `tool_response`. */
export function toolResponseText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Copilot `error` objects are `{message, name, stack?}`; a bare string becomes the message. */
export function errorObject(value: unknown): unknown {
  if (typeof value === 'string') return { message: value, name: 'Error' };
  return value;
}

export function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined);
}
