import { HookError } from '../errors.ts';

/** The server's packages: optional peers of agent-hooks, so a plain install stays small. */
const INSTALL_HINT = 'npm install hono @hono/node-server kysely better-sqlite3';

/**
 * Imports an optional package, or throws SERVER_DEPENDENCY_MISSING naming the package and the
 * install line. Only the "not installed" case is translated; any other load error is a bug to see.
 */
export async function loadOptional<T>(name: string, load: () => Promise<T>, purpose: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    const hint = name === 'pg' ? 'npm install pg' : INSTALL_HINT;
    throw new HookError(
      'SERVER_DEPENDENCY_MISSING',
      `${purpose} needs the package "${name}", which is not installed; run: ${hint}`,
      { cause: error },
    );
  }
}
