// The reference agent's tools: Read, Write, Edit, Bash and Glob, each confined to one sandbox
// folder. Named as Claude Code names them, so the project's matchers (`Bash`, `Edit|Write`) apply.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { tool } from 'ai';
import picomatch from 'picomatch';
import { z } from 'zod';

/** A shell call may run this long before it is killed. */
const BASH_TIMEOUT_MS = 10_000;

/** The absolute path of `file` inside `sandbox`; a path that leaves the sandbox is refused. */
function inside(sandbox: string, file: string): string {
  const path = resolve(sandbox, file);
  const rel = relative(sandbox, path);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`${file} is outside the sandbox`);
  return path;
}

/**
 * The tools. `env()` is read on every bash call: the environment SessionStart hooks exported
 * (`CLAUDE_ENV_FILE`, claude-code-hooks.md §2.1) reaches every later shell command.
 */
export function sandboxTools(sandbox: string, env: () => Record<string, string>) {
  return {
    Read: tool({
      description: 'Reads a file of the sandbox',
      inputSchema: z.object({ file_path: z.string() }),
      execute: ({ file_path }) => readFileSync(inside(sandbox, file_path), 'utf8'),
    }),
    Write: tool({
      description: 'Writes a file of the sandbox',
      inputSchema: z.object({ file_path: z.string(), content: z.string() }),
      execute: ({ file_path, content }) => {
        writeFileSync(inside(sandbox, file_path), content);
        return `wrote ${file_path}`;
      },
    }),
    Edit: tool({
      description: 'Replaces one exact string in a file of the sandbox',
      inputSchema: z.object({ file_path: z.string(), old_string: z.string(), new_string: z.string() }),
      execute: ({ file_path, old_string, new_string }) => {
        const path = inside(sandbox, file_path);
        const text = readFileSync(path, 'utf8');
        if (!text.includes(old_string)) throw new Error(`old_string not found in ${file_path}`);
        writeFileSync(path, text.replace(old_string, new_string));
        return `edited ${file_path}`;
      },
    }),
    Bash: tool({
      description: 'Runs a shell command in the sandbox',
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => {
        const { stdout } = await promisify(execFile)('/bin/sh', ['-c', command], {
          cwd: sandbox,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env() },
          timeout: BASH_TIMEOUT_MS,
        });
        return stdout;
      },
    }),
    Glob: tool({
      description: 'Lists the sandbox files matching a glob pattern',
      inputSchema: z.object({ pattern: z.string() }),
      execute: ({ pattern }) => {
        const matches = picomatch(pattern);
        return readdirSync(sandbox, { recursive: true, encoding: 'utf8' })
          .filter((file) => matches(file))
          .sort();
      },
    }),
  };
}
