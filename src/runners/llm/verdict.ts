import { z } from 'zod';
import type { RunnerResult } from '../types.ts';
import type { JsonSchemaObject } from './model-client.ts';
import { failureResult } from './runner-result.ts';

/**
 * The answer schema of a prompt hook, as Claude Code sends it (claude-code-observed.md: `ok`,
 * `reason`, `impossible`, with `ok` and `reason` required).
 */
export const PROMPT_VERDICT_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', description: 'true if the condition is satisfied / the action may proceed' },
    reason: { type: 'string', description: 'why the condition is not satisfied (required when ok is false)' },
    impossible: {
      type: 'boolean',
      description: 'with ok=false on a stop check: the condition can never be met, so stopping is allowed',
    },
  },
  required: ['ok', 'reason'],
  additionalProperties: false,
};

/** The `StructuredOutput` tool of agent hooks takes `{ ok, reason? }` (claude-code-hooks.md §4.6). */
export const AGENT_VERDICT_SCHEMA: JsonSchemaObject = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', description: 'true if the verification passed' },
    reason: { type: 'string', description: 'why the verification failed (required when ok is false)' },
  },
  required: ['ok'],
  additionalProperties: false,
};

const verdictShape = z.object({
  ok: z.boolean(),
  reason: z.string().optional(),
  impossible: z.boolean().optional(),
});
export type Verdict = z.infer<typeof verdictShape>;

/** Parses a model's JSON answer; a message when it is not JSON or does not fit the schema. */
export function parseVerdict(
  value: unknown,
): { ok: true; verdict: Verdict } | { ok: false; message: string } {
  const parsed = verdictShape.safeParse(value);
  if (parsed.success) return { ok: true, verdict: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  return { ok: false, message: `the answer does not match {ok: boolean, reason?: string}: ${issues}` };
}

export function parseVerdictText(
  text: string,
): { ok: true; verdict: Verdict } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `the model's answer is not JSON: ${truncate(text, 200)}` };
  }
  return parseVerdict(value);
}

export function badAnswerResult(startedAt: number, message: string): RunnerResult {
  return failureResult(startedAt, 'RUNNER_MODEL_BAD_OUTPUT', message);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
