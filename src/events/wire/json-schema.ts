import { z } from 'zod';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import { EVENTS } from '../catalogue.ts';
import type { EventSpec } from '../types.ts';
import { inputSchema, outputSchema } from './schemas.ts';

/** Where the per-event JSON Schemas live, beside the configuration schemas. */
export const EVENT_SCHEMA_DIR = 'schema/events';
/** unpkg serves the package's files: each `$id` is the address of the file the package ships. */
const SCHEMA_BASE_URL = 'https://unpkg.com/agent-hooks/schema/events/';

const DIALECT_TITLES: Record<Dialect, string> = {
  claude: 'Claude Code',
  copilot: 'GitHub Copilot CLI (camelCase key)',
  'copilot-compat': 'GitHub Copilot CLI (PascalCase compat key)',
  vscode: 'VS Code agent hooks',
};

export interface EventSchemaFile {
  /** Path relative to the repository root. */
  path: string;
  render: () => string;
}

/** The dialects whose hooks can fire on an event: Claude's always, the others where it has a key. */
export function outputDialects(row: EventSpec): Dialect[] {
  const dialects: Dialect[] = ['claude'];
  if (row.dialects.copilot) dialects.push('copilot');
  if (row.dialects.copilotCompat) dialects.push('copilot-compat');
  if (row.dialects.vscode) dialects.push('vscode');
  return dialects;
}

export function inputSchemaFile(event: EventName): string {
  return `${event}.input.schema.json`;
}

export function outputSchemaFile(event: EventName, dialect: Dialect): string {
  return `${event}.output.${dialect}.schema.json`;
}

/** Draft-07 JSON Schema text for a zod model, in the same style as the configuration schemas. */
function render(schema: z.ZodType, file: string, title: string, description: string): string {
  const generated = z.toJSONSchema(schema, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  const document = { $schema, $id: `${SCHEMA_BASE_URL}${file}`, title, description, ...rest };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Every event's input schema and one output schema per dialect that fires it. */
export function eventSchemaFiles(): EventSchemaFile[] {
  return EVENTS.flatMap((row) => {
    const input = inputSchemaFile(row.name);
    const files: EventSchemaFile[] = [
      {
        path: `${EVENT_SCHEMA_DIR}/${input}`,
        render: () =>
          render(
            inputSchema(row.name),
            input,
            `${row.name} input`,
            `The JSON a ${row.name} hook receives on stdin (canonical snake_case payload). ${row.summary}`,
          ),
      },
    ];
    for (const dialect of outputDialects(row)) {
      const file = outputSchemaFile(row.name, dialect);
      files.push({
        path: `${EVENT_SCHEMA_DIR}/${file}`,
        render: () =>
          render(
            outputSchema(row.name, dialect),
            file,
            `${row.name} output (${DIALECT_TITLES[dialect]})`,
            `The JSON object a ${DIALECT_TITLES[dialect]} hook may print on ${row.name}. Unknown fields are tolerated.`,
          ),
      });
    }
    return files;
  });
}
