// Shared pieces of the AI SDK tests: the fixture hook, real tools that record their calls, and a
// reader for what the hooks received.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tool } from 'ai';
import { z } from 'zod';
import { readJsonLines } from '../helpers/json-lines.ts';
import { tempDir } from '../helpers/temp-dir.ts';

export const HOOK = fileURLToPath(new URL('../fixtures/ai-sdk/hook.mjs', import.meta.url));

/** A fresh log file for one test. */
export function logFile(): string {
  return join(tempDir('ai-sdk-hooks'), 'hooks.jsonl');
}

/** The command line of the fixture hook in `mode`, recording into `log`. */
export function hook(mode: string, log: string, argument?: string): string {
  const quoted = argument === undefined ? '' : ` '${argument.replaceAll("'", "'\\''")}'`;
  return `node "${HOOK}" ${mode} "${log}"${quoted}`;
}

/** Claude settings `hooks` for one event: `[matcher, command][]` groups. */
export function on(groups: [string | undefined, string][]): unknown[] {
  return groups.map(([matcher, command]) => ({
    ...(matcher !== undefined ? { matcher } : {}),
    hooks: [{ type: 'command', command }],
  }));
}

/** Every payload the fixture hook recorded, in order. */
export const recorded = readJsonLines;

/** Real tools: they record every input they ran with. */
export function makeTools() {
  const ran: { tool: string; input: unknown }[] = [];
  const tools = {
    read_file: tool({
      description: 'Reads a file',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => {
        ran.push({ tool: 'read_file', input: { path } });
        return { content: `contents of ${path}` };
      },
    }),
    fail_tool: tool({
      description: 'Always fails',
      inputSchema: z.object({}),
      execute: async (): Promise<string> => {
        ran.push({ tool: 'fail_tool', input: {} });
        throw new Error('disk on fire');
      },
    }),
    bash: tool({
      description: 'Runs a shell command',
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => {
        ran.push({ tool: 'bash', input: { command } });
        return `ran ${command}`;
      },
    }),
  };
  return { tools, ran };
}
