/**
 * Where the JSON Schemas in `schema/` are published: unpkg serves the files of the npm package, so
 * each `$id` is the address of the very file the package ships (`agent-hooks/schema/…` locally).
 * Claude Code settings files point their `$schema` at SchemaStore instead (docs/editor.md).
 */
export const PACKAGE_SCHEMA_BASE_URL = 'https://unpkg.com/agent-hooks/schema/';
