import { textTooDeep } from '../../model/json-depth.ts';

/** A hook's stdout classified: a JSON object, or plain text. */
export interface ParsedStdout {
  json: Record<string, unknown> | null;
  /** The trimmed text (empty when a runner answered with an object). */
  text: string;
}

/**
 * Claude's stdout classification (claude-code-hooks.md §3.2): trim, and if it starts with `{`
 * try JSON; anything else, or invalid JSON, is plain text. Copilot parses the whole trimmed
 * stdout once (other-agents-hooks.md §1.1).
 */
export function parseStdout(stdout: string): ParsedStdout {
  const text = stdout.trim();
  // Output nested too deep would overflow whoever serializes the result: never read as JSON (the
  // run itself is reported as a failure, see runOne).
  if (!text.startsWith('{') || textTooDeep(text)) return { json: null, text };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { json: value as Record<string, unknown>, text };
    }
  } catch {
    // Not JSON: plain text, as the hosts treat it.
  }
  return { json: null, text };
}

/** The first line of a text, trimmed: how hosts quote stderr in a one-line notice. */
export function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
