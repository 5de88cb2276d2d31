import {
  renderClaudeSettingsSchema,
  renderCopilotHooksSchema,
  renderFrontmatterHooksSchema,
  renderVscodeHooksSchema,
} from '../config/schema/render-schemas.ts';
import { eventSchemaFiles } from '../events/wire/json-schema.ts';
import { renderScenarioSchema } from '../scenario/scenario-schema.ts';

/** One JSON Schema the package ships in `schema/`, and which files an editor should check with it. */
export interface SchemaFile {
  /** What `agent-hooks schema NAME` takes: the file name without `.schema.json`. */
  name: string;
  /** Path inside `schema/`. */
  file: string;
  render: () => string;
  /** VS Code `json.schemas` file patterns (workspace-relative, as VS Code matches them). */
  jsonFiles?: string[];
  /** `yaml.schemas` globs (the YAML extension's setting) for YAML files of the format. */
  yamlFiles?: string[];
}

const SUFFIX = '.schema.json';
/** The folder the package ships its schemas in, relative to its root. */
export const SCHEMA_DIR = 'schema/';

/** Every schema in `schema/`: the configuration formats, the scenario format, each event's wire format. */
export function schemaFiles(): SchemaFile[] {
  const events = eventSchemaFiles().map((entry) => {
    const file = entry.path.slice(SCHEMA_DIR.length);
    return { name: file.slice(0, -SUFFIX.length), file, render: entry.render };
  });
  return [
    {
      name: 'claude-settings',
      file: 'claude-settings.schema.json',
      render: renderClaudeSettingsSchema,
      jsonFiles: ['/.claude/settings.json', '/.claude/settings.local.json'],
    },
    {
      name: 'copilot-hooks',
      file: 'copilot-hooks.schema.json',
      render: renderCopilotHooksSchema,
      jsonFiles: ['/.github/hooks/*.json'],
    },
    {
      name: 'vscode-hooks',
      file: 'vscode-hooks.schema.json',
      render: renderVscodeHooksSchema,
      jsonFiles: ['/.vscode/hooks/*.json'],
    },
    {
      name: 'frontmatter-hooks',
      file: 'frontmatter-hooks.schema.json',
      render: renderFrontmatterHooksSchema,
    },
    {
      name: 'scenario',
      file: 'scenario.schema.json',
      render: renderScenarioSchema,
      jsonFiles: ['/hooks.test.json', '/*.hooks.test.json'],
      yamlFiles: ['hooks.test.yaml', 'hooks.test.yml', '*.hooks.test.yaml', '*.hooks.test.yml'],
    },
    ...events,
  ];
}
