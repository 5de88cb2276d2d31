// `--tool-schemas FILE`: the tools' input JSON Schemas by tool name, for the engine's
// `toolInputSchemas` (issue 12 point 19). Only the file's shape is checked here; each schema is
// read by zod when a rewrite of its tool needs it, so a run without rewrites pays nothing more.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseJsonDoc } from '../config/parse/source-doc.ts';
import type { JsonSchema } from '../engine/rewrite-check/json-schema-check.ts';
import { HookError } from '../errors.ts';

/** Reads FILE; throws CONFIG_TOOL_SCHEMAS_INVALID with file:line:column when it is not usable. */
export async function readToolSchemas(file: string): Promise<Record<string, JsonSchema>> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw invalid(`--tool-schemas ${path} cannot be read (${why})`);
  }
  const parsed = parseJsonDoc(text);
  if (!parsed.ok) {
    const first = parsed.problems[0]!;
    throw invalid(`${path}:${first.line}:${first.column}: ${first.message} (found ${first.found})`);
  }
  const { value, locate } = parsed.doc;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const at = locate([]);
    throw invalid(
      `${path}:${at.line}:${at.column}: expected one object mapping tool names to input JSON Schemas`,
    );
  }
  const schemas = value as Record<string, unknown>;
  for (const [tool, schema] of Object.entries(schemas)) {
    if (
      typeof schema === 'boolean' ||
      (typeof schema === 'object' && schema !== null && !Array.isArray(schema))
    )
      continue;
    const at = locate([tool]);
    throw invalid(
      `${path}:${at.line}:${at.column}: the schema of tool ${JSON.stringify(tool)} must be a JSON Schema object (or a boolean), not ${describe(schema)}`,
    );
  }
  return schemas as Record<string, JsonSchema>;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function invalid(message: string): HookError {
  return new HookError('CONFIG_TOOL_SCHEMAS_INVALID', message);
}
