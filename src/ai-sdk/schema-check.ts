// Checks a hook's rewrite (updatedInput, updatedToolOutput) against the tool's own schema with the
// AI SDK's schema utilities, the same check the SDK applies to the model's tool input.
import { asSchema, type FlexibleSchema } from 'ai';
import { z } from 'zod';

export type SchemaCheck =
  | { ok: true; value: unknown }
  | { ok: false; message: string }
  /** The schema has no validator and no convertible JSON Schema: the value is used as given. */
  | { ok: 'unchecked'; value: unknown; message: string };

export async function checkAgainstSchema(
  schema: FlexibleSchema<unknown>,
  value: unknown,
): Promise<SchemaCheck> {
  const resolved = asSchema(schema);
  if (resolved.validate) {
    const result = await resolved.validate(value);
    return result.success
      ? { ok: true, value: result.value }
      : { ok: false, message: describe(result.error) };
  }
  // `jsonSchema()` without `validate` (MCP tools, hand-written schemas): the SDK would take the
  // model's input unchecked; a hook's rewrite still gets a real check where zod can read the schema.
  let converted: z.ZodType;
  try {
    converted = z.fromJSONSchema((await resolved.jsonSchema) as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    return { ok: 'unchecked', value, message: describe(error) };
  }
  const parsed = converted.safeParse(value);
  return parsed.success ? { ok: true, value } : { ok: false, message: describe(parsed.error) };
}

function describe(error: unknown): string {
  if (error instanceof z.ZodError) return z.prettifyError(error).replaceAll('\n', ' ');
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof z.ZodError) return z.prettifyError(cause).replaceAll('\n', ' ');
  return error instanceof Error ? error.message : String(error);
}
