import type { z } from 'zod';
import type { PathSegment } from '../parse/source-doc.ts';

// validate's messages are for the person who wrote the file (issue 14 trap 8): what the field must
// be and what it holds, `"timeout" must be a number of seconds, got "10"`, not zod's own wording.

/** Fields whose number is a duration in seconds in every dialect (claude-code-hooks.md §4.1). */
const SECONDS_FIELDS: ReadonlySet<PathSegment> = new Set(['timeout', 'timeoutSec']);

function fieldName(path: readonly PathSegment[]): string {
  return path.length === 0 ? 'handler' : `"${path.join('.')}"`;
}

function kindOf(expected: string, field: PathSegment | undefined): string {
  if (expected === 'number')
    return field !== undefined && SECONDS_FIELDS.has(field) ? 'a number of seconds' : 'a number';
  if (expected === 'boolean') return 'true or false';
  if (expected === 'array') return 'a list';
  if (expected === 'object' || expected === 'record') return 'an object';
  return `a ${expected}`;
}

/**
 * One sentence for a zod issue of a configuration object. `got` describes the value found there
 * (`describe` in context.ts); it is undefined when the field is missing.
 */
export function issueMessage(issue: z.core.$ZodIssue, got: string | undefined): string {
  const path = issue.path as PathSegment[];
  const name = fieldName(path);
  const found = got === undefined ? '' : `, got ${got}`;
  switch (issue.code) {
    case 'invalid_type': {
      const kind = kindOf(issue.expected, path.at(-1));
      return got === undefined ? `${name} is missing; it must be ${kind}` : `${name} must be ${kind}${found}`;
    }
    case 'invalid_value':
      return `${name} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}${found}`;
    case 'too_small':
      if (issue.origin === 'string') return `${name} must not be empty`;
      return `${name} must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}${found}`;
    case 'too_big':
      return `${name} must be at most ${issue.maximum}${found}`;
    default:
      return `${name}: ${issue.message}${found}`;
  }
}
