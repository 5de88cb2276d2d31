/**
 * `agent-hooks/server`: the fleet server (`agent-hooks serve`) for programs that start it
 * themselves, e.g. with in-process function hooks. A separate entry point: the server's packages
 * (hono, @hono/node-server, kysely, better-sqlite3, pg) are optional peers, loaded only here and
 * only when used.
 */
export type { DrainResult } from './server/audit/writer.ts';
export { generateToken, hashToken } from './server/auth.ts';
export { loadServerConfig, type ServerConfig, type TeamConfig } from './server/config/server-config.ts';
export { renderClaudeOutput } from './server/host-formats/claude-code.ts';
export { renderCopilotOutput } from './server/host-formats/copilot-cli.ts';
export { defaultDatabase } from './server/paths.ts';
export { type RunningServer, type ServerOptions, startServer } from './server/start-server.ts';
export type { ServerFunctionHook } from './server/tenants.ts';
