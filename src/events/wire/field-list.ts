import { z } from 'zod';
import type { FieldSpec, FieldType } from '../types.ts';
import type { Shape } from './common.ts';

/**
 * The catalogue's field lists, read off the wire schemas: name, JSON type, optionality, known
 * values (an enum's options or an open string's examples) and description. docs/events.md and
 * the payload renderers use these lists; nothing restates them.
 */
export function fieldsOf(shape: Shape): FieldSpec[] {
  return Object.entries(shape).map(([name, schema]) => fieldOf(name, schema));
}

function fieldOf(name: string, schema: z.ZodType): FieldSpec {
  let inner = schema;
  let description = schema.description;
  let optional = false;
  let nullable = false;
  for (;;) {
    if (inner instanceof z.ZodOptional) optional = true;
    else if (inner instanceof z.ZodNullable) nullable = true;
    else break;
    inner = inner.unwrap() as z.ZodType;
    description ??= inner.description;
  }
  const values = valuesOf(inner);
  return {
    name,
    type: typeOf(inner),
    ...(optional ? { optional: true } : {}),
    ...(nullable ? { nullable: true } : {}),
    ...(values ? { values } : {}),
    ...(description ? { description } : {}),
  };
}

function typeOf(schema: z.ZodType): FieldType {
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum) return 'string';
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodBoolean) return 'boolean';
  if (schema instanceof z.ZodArray) return 'array';
  if (
    schema instanceof z.ZodObject ||
    schema instanceof z.ZodRecord ||
    schema instanceof z.ZodDiscriminatedUnion
  )
    return 'object';
  if (schema instanceof z.ZodLiteral) return literalType(schema.value);
  return 'unknown';
}

function literalType(value: unknown): FieldType {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  return typeof value === 'boolean' ? 'boolean' : 'unknown';
}

function valuesOf(schema: z.ZodType): readonly string[] | undefined {
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  if (schema instanceof z.ZodLiteral) return [String(schema.value)];
  const examples = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) ? examples.map(String) : undefined;
}
