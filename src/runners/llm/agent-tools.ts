import { readFile, realpath, stat } from 'node:fs/promises';
import { displayPath, type FsScope, isInside, resolveInScope } from './agent-fs.ts';
import { runShell } from './agent-shell.ts';
import type { ModelToolSpec } from './model-client.ts';

export interface ToolOutput {
  output: string;
  isError?: boolean;
}

export interface AgentTool {
  spec: ModelToolSpec;
  execute(input: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutput>;
}

const READ_MAX_LINES = 2000;
const TOOL_OUTPUT_MAX_CHARS = 30_000;
const GLOB_MAX_RESULTS = 500;
const GREP_MAX_MATCHES = 200;
const GREP_MAX_FILE_BYTES = 1_000_000;
const IGNORED_DIRS = ['**/node_modules/**', '**/.git/**'];

/**
 * The agent's tools: read-only file access inside the project (Read, Glob, Grep), and a Bash tool
 * only when the hook allows it. Never a nested agent (claude-code-hooks.md §4.6).
 */
export function createAgentTools(
  scope: FsScope,
  opts: { shell: boolean; env: NodeJS.ProcessEnv },
): AgentTool[] {
  const tools = [readTool(scope), globTool(scope), grepTool(scope)];
  if (opts.shell) tools.push(bashTool(scope, opts.env));
  return tools;
}

function str(input: Record<string, unknown>, key: string): string | undefined {
  const v = input[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function cap(text: string): string {
  return text.length > TOOL_OUTPUT_MAX_CHARS
    ? `${text.slice(0, TOOL_OUTPUT_MAX_CHARS)}\n… (truncated)`
    : text;
}

function readTool(scope: FsScope): AgentTool {
  return {
    spec: {
      name: 'Read',
      description: 'Read a text file (project files and the transcript). Lines are numbered from 1.',
      inputSchema: {
        type: 'object',
        properties: {
          file_path: { type: 'string', description: 'absolute path, or relative to the project directory' },
          offset: { type: 'number', description: 'first line to read (1-based)' },
          limit: { type: 'number', description: 'number of lines to read' },
        },
        required: ['file_path'],
      },
    },
    async execute(input) {
      const given = str(input, 'file_path');
      if (!given) return { output: 'file_path is required', isError: true };
      const r = await resolveInScope(scope, given, 'file');
      if (!r.ok) return { output: r.message, isError: true };
      if (!(await stat(r.path)).isFile()) return { output: `${given}: not a file`, isError: true };
      const lines = (await readFile(r.path, 'utf8')).split('\n');
      const from = Math.max(1, Number(input.offset) || 1);
      const count = Math.min(READ_MAX_LINES, Math.max(1, Number(input.limit) || READ_MAX_LINES));
      const shown = lines
        .slice(from - 1, from - 1 + count)
        .map((l, i) => `${String(from + i).padStart(6)}\t${l}`);
      return { output: cap(shown.join('\n')) };
    },
  };
}

async function globIn(scope: FsScope, pattern: string, dir: string | undefined): Promise<string[] | string> {
  const base = await resolveInScope(scope, dir ?? '.', 'dir');
  if (!base.ok) return base.message;
  const { glob } = await import('tinyglobby');
  const found = await glob(pattern, { cwd: base.path, absolute: true, dot: true, ignore: IGNORED_DIRS });
  // `..` in a pattern or a symlink could reach outside: keep only results whose real path is inside.
  const inside: string[] = [];
  for (const p of found) {
    const real = await realpath(p).catch(() => undefined);
    if (real && isInside(scope.root, real) && isInside(scope.root, p)) inside.push(p);
  }
  return inside.sort();
}

function globTool(scope: FsScope): AgentTool {
  return {
    spec: {
      name: 'Glob',
      description: 'List project files matching a glob pattern (e.g. "src/**/*.ts").',
      inputSchema: {
        type: 'object',
        properties: {
          pattern: { type: 'string' },
          path: { type: 'string', description: 'directory to search in (default: the project directory)' },
        },
        required: ['pattern'],
      },
    },
    async execute(input) {
      const pattern = str(input, 'pattern');
      if (!pattern) return { output: 'pattern is required', isError: true };
      const found = await globIn(scope, pattern, str(input, 'path'));
      if (typeof found === 'string') return { output: found, isError: true };
      const shown = found.slice(0, GLOB_MAX_RESULTS).map((p) => displayPath(scope, p));
      if (found.length > GLOB_MAX_RESULTS) shown.push(`… ${found.length - GLOB_MAX_RESULTS} more`);
      return { output: shown.length ? shown.join('\n') : 'no files found' };
    },
  };
}

function grepTool(scope: FsScope): AgentTool {
  return {
    spec: {
      name: 'Grep',
      description: 'Search project files for a regular expression; prints file:line:text for each match.',
      inputSchema: {
        type: 'object',
        properties: {
          pattern: { type: 'string', description: 'JavaScript regular expression' },
          path: { type: 'string', description: 'directory to search in (default: the project directory)' },
          glob: { type: 'string', description: 'only files matching this glob (default "**/*")' },
        },
        required: ['pattern'],
      },
    },
    async execute(input, signal) {
      const source = str(input, 'pattern');
      if (!source) return { output: 'pattern is required', isError: true };
      let re: RegExp;
      try {
        re = new RegExp(source);
      } catch (e) {
        return { output: `invalid regular expression: ${(e as Error).message}`, isError: true };
      }
      const files = await globIn(scope, str(input, 'glob') ?? '**/*', str(input, 'path'));
      if (typeof files === 'string') return { output: files, isError: true };
      const matches: string[] = [];
      for (const file of files) {
        if (signal.aborted || matches.length >= GREP_MAX_MATCHES) break;
        const info = await stat(file);
        if (!info.isFile() || info.size > GREP_MAX_FILE_BYTES) continue;
        const text = await readFile(file, 'utf8');
        if (text.includes('\u0000')) continue; // binary
        text.split('\n').forEach((line, i) => {
          if (matches.length < GREP_MAX_MATCHES && re.test(line)) {
            matches.push(`${displayPath(scope, file)}:${i + 1}:${line}`);
          }
        });
      }
      return { output: matches.length ? cap(matches.join('\n')) : 'no matches' };
    },
  };
}

/** Only with the hook's `allowShell: true`; a shell cannot be confined to the project directory. */
function bashTool(scope: FsScope, env: NodeJS.ProcessEnv): AgentTool {
  return {
    spec: {
      name: 'Bash',
      description: 'Run a shell command in the project directory (e.g. to run the tests).',
      inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    },
    async execute(input, signal) {
      const command = str(input, 'command');
      if (!command) return { output: 'command is required', isError: true };
      const run = await runShell(command, {
        cwd: scope.root,
        env,
        maxChars: TOOL_OUTPUT_MAX_CHARS * 2,
        signal,
      });
      return { output: cap(`${run.output}\n(${run.status})`), isError: run.failed };
    },
  };
}
