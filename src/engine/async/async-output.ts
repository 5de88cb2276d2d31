import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { normalizeOutput } from '../read-output/normalize-output.ts';
import { parseStdout } from '../read-output/parse-stdout.ts';

/** What a background hook's stdout says, once it has exited. */
export interface AsyncOutput {
  /** The JSON output; `{}` when there is none (seed 004: "the response object defaults to {}"). */
  json: Record<string, unknown>;
  additionalContext: string | null;
  systemMessage: string | null;
  warnings: string[];
}

// Fields that decide something for a waiting host; an async hook's host waited for nobody.
const DECISION_FIELDS = [
  'decision',
  'continue',
  'stopReason',
  'reason',
  'permissionDecision',
  'permissionDecisionReason',
  'updatedInput',
  'modifiedArgs',
  'modifiedResult',
  'modifiedPrompt',
];
// Inside hookSpecificOutput only these two mean anything for an async hook.
const SPECIFIC_KEPT = new Set(['hookEventName', 'additionalContext']);

/** `{"async": true, "asyncTimeout"?: ms}`: the marker that backgrounds a hook (claude-code-hooks.md §3.2). */
export function parseAsyncMarker(line: string): { asyncTimeoutMs?: number } | null {
  const { json } = parseStdout(line);
  if (json?.async !== true) return null;
  const timeout = json.asyncTimeout;
  return typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0
    ? { asyncTimeoutMs: timeout }
    : {};
}

/**
 * Reads a finished async hook's stdout: the JSON output, from which only `additionalContext` and
 * `systemMessage` are delivered (claude-code-hooks.md §4.7); decision fields are reported as
 * ignored. With `afterMarker`, the first line (the `{"async":true}` marker) is skipped.
 */
export function readAsyncOutput(
  handler: NormalizedHandler,
  event: EventName,
  stdout: string,
  afterMarker: boolean,
): AsyncOutput {
  const text = afterMarker ? stdout.slice(stdout.indexOf('\n') + 1) : stdout;
  const parsed = parseStdout(text);
  const warnings: string[] = [];
  if (!parsed.json) {
    if (parsed.text.startsWith('{'))
      warnings.push('stdout starts with "{" but is not valid JSON; read as {}');
    return { json: {}, additionalContext: null, systemMessage: null, warnings };
  }
  const json = parsed.json;
  if (json.async === true && !afterMarker) {
    // A configured async hook that also printed the marker: nothing more to read.
    return { json: {}, additionalContext: null, systemMessage: null, warnings };
  }
  const ignored = DECISION_FIELDS.filter((key) => json[key] !== undefined);
  const specific = json.hookSpecificOutput;
  if (typeof specific === 'object' && specific !== null && !Array.isArray(specific)) {
    for (const key of Object.keys(specific)) {
      if (!SPECIFIC_KEPT.has(key)) ignored.push(`hookSpecificOutput.${key}`);
    }
  }
  if (ignored.length > 0) {
    const names = ignored.map((key) => `"${key}"`).join(', ');
    warnings.push(
      `ignored ${names}: decision fields from an async hook have no effect; only additionalContext ` +
        'and systemMessage are delivered, on the next turn (claude-code-hooks.md §4.7)',
    );
  }
  const normalized = normalizeOutput(event, json, handler.dialect);
  warnings.push(...normalized.warnings);
  return {
    json,
    additionalContext: normalized.effect.additionalContext ?? null,
    systemMessage: normalized.effect.systemMessage ?? null,
    warnings,
  };
}
