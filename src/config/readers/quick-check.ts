// The configuration check that needs no zod (issue 16 item 4): a host starts the CLI on every
// tool call, and building the zod models was a large share of that start. The rules are plain
// data generated from the zod models (scripts/render-config-shapes.ts), and they are read one
// way only: a value they accept is one zod accepts without an issue, so the reader may skip zod
// for it. Anything they do not accept, or do not know, goes to zod, which says what is wrong.

/** What one field's value must be; `npm run generate` derives these from the zod models. */
export type FieldRule =
  | { kind: 'string'; minLength?: number }
  | { kind: 'number'; above?: number; atLeast?: number; below?: number; atMost?: number }
  | { kind: 'boolean' }
  | { kind: 'literal'; values: readonly (string | number | boolean | null)[] }
  | { kind: 'array'; of: FieldRule }
  | { kind: 'record'; of: FieldRule }
  | { kind: 'unknown' };

export interface FieldShape {
  optional: boolean;
  rule: FieldRule;
}

/** An object model: its fields, and whether keys it does not declare are issues (strict). */
export interface ObjectShape {
  strict: boolean;
  fields: Readonly<Record<string, FieldShape>>;
}

/** True when zod would accept `value` against the model `shape` describes with no issue. */
export function passesQuickCheck(shape: ObjectShape, value: unknown): boolean {
  return unknownKeysOnly(shape, value)?.length === 0;
}

/**
 * The keys of `value` that a strict `shape` does not declare, in the order zod lists them in its
 * one `unrecognized_keys` issue, when that would be zod's only issue; undefined when any declared
 * field fails (or the value is no plain object), which only zod can describe.
 */
export function unknownKeysOnly(shape: ObjectShape, value: unknown): string[] | undefined {
  if (!isPlainObject(value)) return undefined;
  const unknown = shape.strict ? Object.keys(value).filter((key) => !Object.hasOwn(shape.fields, key)) : [];
  return declaredFieldsPass(shape, value) ? unknown : undefined;
}

function declaredFieldsPass(shape: ObjectShape, value: Record<string, unknown>): boolean {
  for (const [key, field] of Object.entries(shape.fields)) {
    if (!Object.hasOwn(value, key)) {
      if (!field.optional) return false;
      continue;
    }
    if (!passesRule(field.rule, value[key])) return false;
  }
  return true;
}

function passesRule(rule: FieldRule, value: unknown): boolean {
  switch (rule.kind) {
    case 'string':
      return typeof value === 'string' && value.length >= (rule.minLength ?? 0);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && inRange(rule, value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'literal':
      return rule.values.includes(value as string);
    case 'array':
      return Array.isArray(value) && value.every((item) => passesRule(rule.of, item));
    case 'record':
      return isPlainObject(value) && Object.values(value).every((item) => passesRule(rule.of, item));
    case 'unknown':
      return true;
  }
}

function inRange(rule: Extract<FieldRule, { kind: 'number' }>, value: number): boolean {
  if (rule.above !== undefined && !(value > rule.above)) return false;
  if (rule.atLeast !== undefined && !(value >= rule.atLeast)) return false;
  if (rule.below !== undefined && !(value < rule.below)) return false;
  return rule.atMost === undefined || value <= rule.atMost;
}

/** A JSON object: anything else (a class instance, a changed prototype) is left to zod. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
