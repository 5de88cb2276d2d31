import { z } from 'zod';
import type { Shape } from './common.ts';

/**
 * Field-by-field reading of a hook's output against a schema shape. A field that fails its
 * schema is dropped with one warning and its neighbours are still read, as the hosts do
 * ("fields with wrong types are dropped individually", claude-code-hooks.md §3.2): one bad field
 * must never cost a valid decision beside it. Fields the shape does not declare are tolerated.
 */

/** Longest rendering of a found value in a warning. */
const FOUND_MAX_CHARS = 60;

type Read = { ok: true; value: unknown } | { ok: false };

export interface ReadFields {
  /** Declared fields that passed their schema. */
  known: Record<string, unknown>;
  /** Fields the shape does not declare, unchecked. */
  unknown: Record<string, unknown>;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the declared fields of `value` (an object) against `shape`; `path` prefixes warnings. */
export function readFields(
  shape: Shape,
  value: Record<string, unknown>,
  path: string,
  warnings: string[],
): ReadFields {
  const known: Record<string, unknown> = {};
  const unknown: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = value[key];
    // Own keys only: a hook printing "constructor" or "toString" must not find Object's methods here.
    const schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!schema) unknown[key] = field;
    else if (field !== undefined) {
      const read = readValue(schema, field, join(path, key), warnings);
      if (read.ok) known[key] = read.value;
    }
  }
  return { known, unknown };
}

/** Reads one value; objects and discriminated unions are read field by field. */
function readValue(schema: z.ZodType, value: unknown, path: string, warnings: string[]): Read {
  if (acceptsQuickly(schema, value)) return { ok: true, value };
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodObject && isRecord(value)) return readObject(inner, value, path, warnings);
  if (inner instanceof z.ZodDiscriminatedUnion && isRecord(value)) {
    const option = pickOption(inner, value);
    if (option) return readObject(option, value, path, warnings);
  }
  const parsed = inner.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  warnings.push(describeIssue(parsed.error.issues[0], value, path));
  return { ok: false };
}

type Quick = (value: unknown) => boolean;
const NEVER_QUICK: Quick = () => false;
const quickChecks = new WeakMap<z.ZodType, Quick>();

/**
 * A plain type test for the simple leaf schemas (a string, number or boolean without checks, an
 * enum, a literal, a JSON object), derived from the schema itself: it answers "valid" without a
 * zod parse, which keeps an in-process function hook's output cheap to read. Anything else, and
 * every failure, goes through zod, so zod alone decides what is invalid and words the issue.
 */
function acceptsQuickly(schema: z.ZodType, value: unknown): boolean {
  let quick = quickChecks.get(schema);
  if (!quick) {
    quick = quickCheck(schema);
    quickChecks.set(schema, quick);
  }
  return quick(value);
}

function quickCheck(schema: z.ZodType): Quick {
  const unchecked = !(schema.def as { checks?: unknown[] }).checks?.length;
  if (schema instanceof z.ZodString && unchecked) return (value) => typeof value === 'string';
  if (schema instanceof z.ZodBoolean) return (value) => typeof value === 'boolean';
  if (schema instanceof z.ZodNumber && unchecked) return (value) => Number.isFinite(value);
  if (schema instanceof z.ZodEnum) {
    const options = new Set<unknown>(schema.options);
    return (value) => options.has(value);
  }
  if (schema instanceof z.ZodLiteral) {
    const values = schema.def.values;
    return (value) => values.includes(value as never);
  }
  if (schema instanceof z.ZodUnknown) return () => true;
  return NEVER_QUICK;
}

function readObject(
  schema: z.ZodObject,
  value: Record<string, unknown>,
  path: string,
  warnings: string[],
): Read {
  const shape = schema.shape as Shape;
  const { known, unknown } = readFields(shape, value, path, warnings);
  for (const [key, field] of Object.entries(shape)) {
    if (known[key] !== undefined || field.safeParse(undefined).success) continue;
    // A required field that is missing or was dropped: the whole object cannot be used.
    if (value[key] === undefined) warnings.push(`ignored ${path}: it lacks the required field ${key}`);
    return { ok: false };
  }
  return { ok: true, value: { ...unknown, ...known } };
}

function pickOption(union: z.ZodDiscriminatedUnion, value: Record<string, unknown>): z.ZodObject | undefined {
  const discriminator = union.def.discriminator;
  for (const option of union.options) {
    const object = option as z.ZodObject;
    const tag = object.shape[discriminator] as z.ZodType | undefined;
    if (tag?.safeParse(value[discriminator]).success) return object;
  }
  return undefined;
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

function found(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > FOUND_MAX_CHARS ? `${text.slice(0, FOUND_MAX_CHARS - 1)}…` : text;
}

function oneOf(values: readonly unknown[]): string {
  const words = values.map(String);
  return words.length < 2 ? (words[0] ?? 'nothing') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const ARTICLE: Record<string, string> = { object: 'an object', array: 'an array', record: 'an object' };

function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_type':
      return ARTICLE[issue.expected] ?? `a ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'a non-empty string' : issue.message;
    case 'invalid_union':
      return 'options' in issue && Array.isArray(issue.options) ? oneOf(issue.options) : issue.message;
    default:
      return issue.message;
  }
}

/** `ignored <field> <found>: expected <what>`: the one wording of an output field that was not read. */
export function ignoredField(path: string, value: unknown, expected: string): string {
  return `ignored ${path} ${found(value)}: expected ${expected}`;
}

/** Describes a schema issue, naming the innermost field that failed. */
function describeIssue(issue: z.core.$ZodIssue | undefined, value: unknown, path: string): string {
  if (!issue) return `ignored ${path} ${found(value)}`;
  let at = path;
  let inner: unknown = value;
  for (const key of issue.path) {
    at = join(at, key as string | number);
    inner =
      isRecord(inner) || Array.isArray(inner) ? (inner as Record<string, unknown>)[key as string] : undefined;
  }
  return ignoredField(at, inner, expectation(issue));
}
