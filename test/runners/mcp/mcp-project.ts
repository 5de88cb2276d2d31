import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../../helpers/poll.ts';
import { isAlive } from '../../helpers/process.ts';
import { tempDir, writeTree } from '../../helpers/temp-dir.ts';

export const STDIO_SERVER = join(import.meta.dirname, '..', '..', 'fixtures', 'mcp', 'stdio-server.mjs');

/** A project whose `.mcp.json` names one stdio fixture server, `lint`, logging to `log`. */
export function mcpProject(settings: object, serverEnv: Record<string, string> = {}) {
  const dir = tempDir('mcp-project');
  const log = join(dir, 'server.log');
  const env = { MCP_FIXTURE_LOG: log, ...serverEnv };
  writeTree(dir, {
    '.mcp.json': { mcpServers: { lint: { command: process.execPath, args: [STDIO_SERVER], env } } },
    '.claude/settings.json': settings,
  });
  return { dir, log };
}

/** The fixture server's log lines. */
export function serverLog(log: string): Record<string, unknown>[] {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Pids the log recorded under `key` (`started`, `grandchild`). */
export function loggedPids(log: string, key: string): number[] {
  return serverLog(log).flatMap((line) => (typeof line[key] === 'number' ? [line[key] as number] : []));
}

/** Waits, with the polling deadline, until none of `pids` is running. */
export function allGone(pids: number[], what: string): Promise<void> {
  return until(() => !pids.some(isAlive), what);
}

/** Test cleanup: SIGKILL whatever the code under test left running (old code leaks these). */
export function killLeftovers(pids: number[]): void {
  for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
}

/** Two `mcp_tool` hooks on the `lint` server for PreToolUse `Write`, run in parallel as one group. */
export function twoHooksOnOneServer(first = 'echo', second = 'echo'): object {
  return {
    hooks: {
      PreToolUse: [
        {
          matcher: 'Write',
          hooks: [
            { type: 'mcp_tool', server: 'lint', tool: first, input: { hook: 1 } },
            { type: 'mcp_tool', server: 'lint', tool: second, input: { hook: 2 } },
          ],
        },
      ],
    },
  };
}

export const WRITE_INPUT = {
  tool_name: 'Write',
  tool_input: { file_path: '/p/a.ts', content: 'x' },
  tool_use_id: 't1',
};
