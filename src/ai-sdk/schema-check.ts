// Checks a hook's rewrite (updatedInput, updatedToolOutput) against the tool's own schema with the
// AI SDK's schema utilities, the same check the SDK applies to the model's tool input.
import { asSchema, type FlexibleSchema } from 'ai';
import {
  checkJsonSchema,
  describeSchemaError,
  type JsonSchema,
  type SchemaCheck,
} from '../engine/rewrite-check/json-schema-check.ts';

export async function checkAgainstSchema(
  schema: FlexibleSchema<unknown>,
  value: unknown,
): Promise<SchemaCheck> {
  const resolved = asSchema(schema);
  if (resolved.validate) {
    const result = await resolved.validate(value);
    return result.success
      ? { ok: true, value: result.value }
      : { ok: false, message: describeSchemaError(result.error) };
  }
  // `jsonSchema()` without `validate` (MCP tools, hand-written schemas): the SDK would take the
  // model's input unchecked; a hook's rewrite still gets a real check where zod can read the schema.
  return checkJsonSchema((await resolved.jsonSchema) as JsonSchema, value);
}
