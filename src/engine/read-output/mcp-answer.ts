// What an `mcp_tool` hook's tool may answer when the hook has `onFailure: "block"`.

// The generated key lists, not the zod shapes: this module is on every event's cold path.
import { DECISION_KEYS, UNIVERSAL_OUTPUT_KEYS } from '../../events/generated/wire-fields.ts';
import type { EventSpec } from '../../events/types.ts';
import type { RunnerResult } from '../../runners/types.ts';
import type { ParsedStdout } from './parse-stdout.ts';

/** Events where an mcp_tool's plain text is the answer itself, not a failure (§4.1). */
const PLAIN_TEXT_ANSWER_EVENTS: ReadonlySet<string> = new Set(['PreCompact', 'WorktreeCreate']);

/** The hook output fields that count as an answer; `reason` alone does not (§4.1). */
const ANSWER_FIELDS: ReadonlySet<string> = new Set([
  ...UNIVERSAL_OUTPUT_KEYS,
  ...DECISION_KEYS.filter((key) => key !== 'reason'),
  'hookSpecificOutput',
]);

/**
 * claude-code-hooks.md §4.1: with `onFailure: "block"` the tool "must answer with hook JSON, `{}`
 * or nothing — plain text, an image, JSON with none of the output fields, or only `reason` also
 * counts as failure (except on PreCompact and WorktreeCreate, where plain text is the answer)".
 * Returns why the answer is a failure, or undefined when it is an answer. Text starting with `{`
 * that does not parse is left to the reader, which names it as invalid JSON.
 */
export function mcpAnswerFailure(
  result: RunnerResult,
  parsed: ParsedStdout,
  spec: EventSpec,
): string | undefined {
  const { json, text } = parsed;
  if (json) {
    const keys = Object.keys(json);
    if (keys.length === 0 || keys.some((key) => ANSWER_FIELDS.has(key))) return undefined;
    const only = keys.length === 1 && keys[0] === 'reason' ? 'only `reason`' : 'none of the output fields';
    return `the MCP tool answered with JSON holding ${only} (${keys.join(', ')}); with onFailure: "block" it must answer with hook JSON, {} or nothing`;
  }
  if (text === '') {
    const dropped = result.diagnostics?.some((d) => d.code === 'RUNNER_MCP_CONTENT_IGNORED');
    return dropped
      ? 'the MCP tool answered with non-text content only (an image or a resource); with onFailure: "block" it must answer with hook JSON, {} or nothing'
      : undefined;
  }
  if (text.startsWith('{') || PLAIN_TEXT_ANSWER_EVENTS.has(spec.name)) return undefined;
  return `the MCP tool answered with plain text, not hook JSON; with onFailure: "block" it must answer with hook JSON, {} or nothing: ${clip(text)}`;
}

/** How much of the tool's text the failure message quotes. */
const QUOTED_CHARS = 200;

function clip(text: string): string {
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
}
