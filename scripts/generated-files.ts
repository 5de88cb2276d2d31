import { renderDecisionsDoc } from '../spec/decision-table.ts';
import { renderHostDifferencesDoc } from '../spec/host-differences.ts';
import {
  renderClaudeSettingsSchema,
  renderCopilotHooksSchema,
  renderFrontmatterHooksSchema,
  renderVscodeHooksSchema,
} from '../src/config/schema/render-schemas.ts';
import { renderErrorsDoc } from '../src/errors/render-docs.ts';
import { renderEventsDoc } from '../src/events/render-docs.ts';
import { eventSchemaFiles } from '../src/events/wire/json-schema.ts';
import { renderScenarioSchema } from '../src/scenario/scenario-schema.ts';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  render: () => string | Promise<string>;
}

/** Every generated file in the repository. Add a row when a new derived file appears. */
export const generatedFiles: GeneratedFile[] = [
  { path: 'docs/errors.md', render: renderErrorsDoc },
  { path: 'docs/events.md', render: renderEventsDoc },
  { path: 'docs/decisions.md', render: renderDecisionsDoc },
  { path: 'docs/host-differences.md', render: renderHostDifferencesDoc },
  { path: 'schema/claude-settings.schema.json', render: renderClaudeSettingsSchema },
  { path: 'schema/copilot-hooks.schema.json', render: renderCopilotHooksSchema },
  { path: 'schema/vscode-hooks.schema.json', render: renderVscodeHooksSchema },
  { path: 'schema/frontmatter-hooks.schema.json', render: renderFrontmatterHooksSchema },
  { path: 'schema/scenario.schema.json', render: renderScenarioSchema },
  ...eventSchemaFiles(),
];
