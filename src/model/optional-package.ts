/**
 * The optional peer dependencies of agent-hooks, by feature. A plain `npm install agent-hooks` is
 * the small core; whoever uses one of these features installs its packages next to it, and when
 * one is missing the message names the install command (issue 14, "The package").
 */
export const OPTIONAL_PACKAGES = {
  /** prompt and agent hooks, `agent-hooks create`, `agent-hooks/ai-sdk` */
  llm: ['ai', '@ai-sdk/anthropic', '@ai-sdk/openai-compatible'],
  /** mcp_tool hooks */
  mcp: ['@modelcontextprotocol/client'],
  /** `agent-hooks mcp-proxy`, `agent-hooks/mcp-proxy` */
  mcpProxy: ['@modelcontextprotocol/client', '@modelcontextprotocol/server'],
  /** `agent-hooks serve`, `inspect`, `audit`, `token` */
  server: ['hono', '@hono/node-server', 'kysely', 'better-sqlite3'],
} as const;

const NOT_FOUND_CODES = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);

/**
 * The package a failed import could not find, or undefined when the error is anything else (a
 * broken install or a bug must surface as it is). Node names the package in its message
 * ("Cannot find package 'ai' imported from …"); `fallback` is used when it does not.
 */
export function missingPackage(error: unknown, fallback: string): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !NOT_FOUND_CODES.has(code)) return undefined;
  const message = String((error as { message?: unknown }).message ?? '');
  const named = /Cannot find (?:package|module) '((?:@[^/']+\/)?[^/']+)/.exec(message)?.[1];
  return named && !named.startsWith('.') && !named.startsWith('/') ? named : fallback;
}

/** The command that installs `packages` next to agent-hooks. */
export function installCommand(packages: readonly string[]): string {
  return `npm install ${packages.join(' ')}`;
}
