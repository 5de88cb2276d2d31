import { displayPath, type FsScope, resolveInScope } from './agent-fs.ts';
import { listFiles } from './agent-glob.ts';
import { GREP_TIME_LIMIT_MS, type GrepEnd, searchFiles } from './agent-grep.ts';
import { READ_MAX_LINES, readLines } from './agent-read.ts';
import { runShell } from './agent-shell.ts';
import { limitNote, STOPPED_BY_DEADLINE, type ToolOutput, toolError } from './agent-tool-output.ts';
import type { ModelToolSpec } from './model-client.ts';

export type { ToolOutput };

export interface AgentTool {
  spec: ModelToolSpec;
  execute(input: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutput>;
}

const TOOL_OUTPUT_MAX_CHARS = 30_000;
const GLOB_MAX_RESULTS = 500;

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

/** A positive whole number the model gave, or `fallback`. */
function count(input: Record<string, unknown>, key: string, fallback: number): number {
  const n = Math.floor(Number(input[key]));
  return Number.isFinite(n) && n >= 1 ? n : fallback;
}

function cap(text: string): string {
  return text.length > TOOL_OUTPUT_MAX_CHARS
    ? `${text.slice(0, TOOL_OUTPUT_MAX_CHARS)}\n${limitNote(`output truncated at ${TOOL_OUTPUT_MAX_CHARS} characters`)}`
    : text;
}

const stopped = (): ToolOutput => ({ output: STOPPED_BY_DEADLINE, isError: true });

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
    async execute(input, signal) {
      const given = str(input, 'file_path');
      if (!given) return { output: 'file_path is required', isError: true };
      const r = await resolveInScope(scope, given, 'file');
      if (!r.ok) return { output: r.message, isError: true };
      const from = count(input, 'offset', 1);
      const read = await readLines(
        r.path,
        from,
        Math.min(READ_MAX_LINES, count(input, 'limit', READ_MAX_LINES)),
        signal,
      );
      if (read.kind === 'aborted') return stopped();
      if (read.kind === 'not-a-file') {
        return toolError(
          'RUNNER_AGENT_TOOL_NOT_A_FILE',
          `${given} is ${read.what}; Read reads regular files only`,
        );
      }
      const shown = read.lines.map((l, i) => `${String(from + i).padStart(6)}\t${l}`);
      if (read.lineCount !== undefined) shown.push(`(the file has ${read.lineCount} lines)`);
      if (read.note) shown.push(limitNote(read.note));
      return { output: shown.join('\n') };
    },
  };
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
    async execute(input, signal) {
      const pattern = str(input, 'pattern');
      if (!pattern) return { output: 'pattern is required', isError: true };
      const found = await listFiles(scope, pattern, str(input, 'path'), signal);
      if (typeof found === 'string') return { output: found, isError: true };
      if (signal.aborted) return stopped();
      const shown = found.files.slice(0, GLOB_MAX_RESULTS).map((p) => displayPath(scope, p));
      if (found.files.length > GLOB_MAX_RESULTS)
        shown.push(`… ${found.files.length - GLOB_MAX_RESULTS} more`);
      if (shown.length === 0) shown.push('no files found');
      return { output: [...shown, ...listingNotes(found)].join('\n') };
    },
  };
}

/** What a listing left out, said to the model. */
function listingNotes(found: { stopped?: string; dropped: number }): string[] {
  const notes: string[] = [];
  if (found.dropped > 0)
    notes.push(`(left out: ${found.dropped} outside the project or symlinks to nothing)`);
  if (found.stopped)
    notes.push(limitNote(`${found.stopped}; the list is partial, narrow the pattern or path`));
  return notes;
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
      try {
        new RegExp(source);
      } catch (e) {
        return { output: `invalid regular expression: ${(e as Error).message}`, isError: true };
      }
      const found = await listFiles(scope, str(input, 'glob') ?? '**/*', str(input, 'path'), signal);
      if (typeof found === 'string') return { output: found, isError: true };
      const files = found.files.map((path) => ({ path, shown: displayPath(scope, path) }));
      return grepOutput(await searchFiles(source, files, signal), listingNotes(found));
    },
  };
}

function grepOutput(end: GrepEnd, notes: string[]): ToolOutput {
  if (end.kind === 'aborted') return stopped();
  if (end.kind === 'time-limit') {
    return toolError(
      'RUNNER_AGENT_TOOL_TIMEOUT',
      `Grep stopped after ${GREP_TIME_LIMIT_MS} ms; the pattern backtracks too much or the search is too wide. Use a simpler pattern or a narrower path or glob.`,
    );
  }
  if (end.kind === 'failed') return { output: `Grep failed: ${end.message}`, isError: true };
  const { matches, skipped, stopped: limit } = end.result;
  const lines = matches.length ? [...matches] : ['no matches'];
  const skips = Object.entries(skipped).map(([why, n]) => `${n} ${why}`);
  if (skips.length) lines.push(`(files skipped: ${skips.join(', ')})`);
  if (limit) lines.push(limitNote(`${limit}; narrow the path or glob`));
  return { output: cap([...lines, ...notes].join('\n')) };
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
