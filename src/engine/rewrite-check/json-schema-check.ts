// Checks a value against a plain JSON Schema with zod's own reader (`z.fromJSONSchema`): the
// engine's tool input schemas and the AI SDK's `jsonSchema()` tools share it. No `ai` import here:
// the root entry loads this module (lazily) and must not reach the AI SDK.
import { z } from 'zod';

/** A JSON Schema as a tool declares its input (draft-07 or 2020-12), or a boolean schema. */
export type JsonSchema = Readonly<Record<string, unknown>> | boolean;

export type SchemaCheck =
  | { ok: true; value: unknown }
  | { ok: false; message: string }
  /** zod cannot read the schema (an unresolved `$ref`, an unknown type): the value is used as given. */
  | { ok: 'unchecked'; value: unknown; message: string };

/** Each schema object is converted once, however many rewrites it checks. */
const converted = new WeakMap<object, z.ZodType | Error>();

export function checkJsonSchema(schema: JsonSchema, value: unknown): SchemaCheck {
  const validator = validatorOf(schema);
  if (validator instanceof Error) return { ok: 'unchecked', value, message: validator.message };
  const parsed = validator.safeParse(value);
  // The value itself, not zod's parse output: a rewrite is passed on as the hook wrote it.
  return parsed.success ? { ok: true, value } : { ok: false, message: describeSchemaError(parsed.error) };
}

function validatorOf(schema: JsonSchema): z.ZodType | Error {
  if (typeof schema !== 'object' || schema === null) {
    return typeof schema === 'boolean' ? convert(schema) : new Error('the schema is not a JSON object');
  }
  let found = converted.get(schema);
  if (found === undefined) {
    found = convert(schema);
    converted.set(schema, found);
  }
  return found;
}

function convert(schema: JsonSchema): z.ZodType | Error {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    return new Error(describeSchemaError(error));
  }
}

/** A schema error on one line: zod's issues prettified (`✖ … → at command`), else the message. */
export function describeSchemaError(error: unknown): string {
  if (error instanceof z.ZodError) return oneLine(z.prettifyError(error));
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof z.ZodError) return oneLine(z.prettifyError(cause));
  return error instanceof Error ? error.message : String(error);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
