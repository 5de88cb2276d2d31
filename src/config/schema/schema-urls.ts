/**
 * Where the JSON Schemas in `schema/` are published: unpkg serves the files of the npm package, so
 * each `$id` is the address of the very file the package ships (`agent-hooks/schema/…` locally).
 * Claude Code settings files point their `$schema` at SchemaStore instead (docs/editor.md).
 */
export const PACKAGE_SCHEMA_BASE_URL = 'https://unpkg.com/agent-hooks/schema/';

/**
 * The `$schema` every file agent-hooks writes carries (`convert`, `create`, `bridge install`), by
 * the dialect of the file. Claude Code settings name SchemaStore's schema, the one Claude Code's
 * documentation names and that covers every other setting of the file too (docs/editor.md).
 */
export const FILE_SCHEMA_URLS = {
  claude: 'https://json.schemastore.org/claude-code-settings.json',
  copilot: `${PACKAGE_SCHEMA_BASE_URL}copilot-hooks.schema.json`,
  vscode: `${PACKAGE_SCHEMA_BASE_URL}vscode-hooks.schema.json`,
} as const;
