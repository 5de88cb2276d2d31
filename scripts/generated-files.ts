import { renderDecisionsDoc } from '../spec/decision-table.ts';
import { renderHostDifferencesDoc } from '../spec/host-differences.ts';
import { SCHEMA_DIR, schemaFiles } from '../src/cli/schema-files.ts';
import { renderErrorsDoc } from '../src/errors/render-docs.ts';
import { renderEventsDoc } from '../src/events/render-docs.ts';
import { CONFIG_SHAPES_PATH, renderConfigShapes } from './render-config-shapes.ts';
import { renderWireFields, WIRE_FIELDS_PATH } from './render-wire-fields.ts';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  render: () => string | Promise<string>;
}

/** Every generated file in the repository. Add a row when a new derived file appears. */
export const generatedFiles: GeneratedFile[] = [
  { path: 'docs/errors.md', render: renderErrorsDoc },
  { path: 'docs/events.md', render: renderEventsDoc },
  { path: WIRE_FIELDS_PATH, render: renderWireFields },
  { path: CONFIG_SHAPES_PATH, render: renderConfigShapes },
  { path: 'docs/decisions.md', render: renderDecisionsDoc },
  { path: 'docs/host-differences.md', render: renderHostDifferencesDoc },
  // The JSON Schemas: one list, which `agent-hooks schema` prints and writes too.
  ...schemaFiles().map(({ file, render }) => ({ path: `${SCHEMA_DIR}${file}`, render })),
];
