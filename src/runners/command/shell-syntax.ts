import { execFile } from 'node:child_process';
import type { RunnerResult } from '../types.ts';
import type { ProcessOptions } from './process-options.ts';

/** `sh -n` only parses; a parse that takes longer than this is not worth waiting for. */
const SYNTAX_CHECK_TIMEOUT_MS = 2_000;

/** The exit status dash (and bash) give a command string they cannot parse. */
const SHELL_SYNTAX_EXIT = 2;

/** Bash words a POSIX `/bin/sh` such as dash does not know: it says `<word>: not found`. */
const BASH_ONLY_WORDS: ReadonlySet<string> = new Set([
  ...['[[', 'source', 'declare', 'typeset', 'shopt', 'mapfile', 'readarray', 'pushd', 'popd'],
  ...['function', 'let', 'select', 'coproc'],
]);

const BASH_HINT = 'set `"shell": "bash"` on the handler, or write POSIX sh';
/**
 * VS Code has no `shell` key: it runs every command with `/bin/sh` (other-agents-hooks.md §2.5),
 * and the engine warns that a `shell` there is ignored (vscode-claude-keys.ts).
 */
const VSCODE_BASH_HINT =
  'VS Code has no "shell" key: run bash yourself (`bash -c …`, or a script with a #!/bin/bash line), or write POSIX sh';

/**
 * Claude Code runs a command string with `/bin/sh -c` (claude-code-observed.md), and on Debian
 * that is dash: bash syntax such as `<<<` (seed 004's own example) is a syntax error, exit 2,
 * which the host reads as a block. The engine blocks too, as the host does, but says that the
 * shell, not the hook, answered (issue 12 point 10). The fact is `sh -n`: the shell itself
 * cannot parse the command; or the shell's own `<word>: not found` for a bash-only word.
 * Undefined (no promise) for every other run.
 */
export function explainShellSyntax(result: RunnerResult, opts: ProcessOptions): Promise<void> | undefined {
  if (opts.shell !== 'sh' || result.exitCode !== SHELL_SYNTAX_EXIT) return undefined;
  return explainExit2(result, opts);
}

async function explainExit2(result: RunnerResult, opts: ProcessOptions): Promise<void> {
  const command = opts.args.at(-1) ?? '';
  const found = await parseError(opts, command);
  // The shell parses a command string line by line: a hook that exited 2 before the line it
  // cannot parse answered itself. Only when the run printed the same complaint did the shell answer.
  const parse = found !== undefined && result.stderr.includes(found) ? found : undefined;
  const word = found === undefined ? bashOnlyWord(result.stderr, opts.file) : undefined;
  if (parse === undefined && word === undefined) return;
  const cause =
    parse !== undefined
      ? `${opts.file} cannot parse the command (${parse})`
      : `${opts.file} does not know the bash word \`${word}\``;
  const hint = opts.dialect === 'vscode' ? VSCODE_BASH_HINT : BASH_HINT;
  result.diagnostics = [
    ...(result.diagnostics ?? []),
    {
      code: 'RUNNER_SHELL_SYNTAX_ERROR',
      message: `${cause}: exit 2 came from the shell, not from the hook, and blocks as it does in the host; ${hint}`,
    },
  ];
}

/** The shell's complaint when `sh -n -c command` fails, or undefined when it parses. */
function parseError(opts: ProcessOptions, command: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      opts.file,
      ['-n', '-c', command],
      { cwd: opts.cwd, env: opts.env, timeout: SYNTAX_CHECK_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (error === null) resolve(undefined);
        else if (typeof error.code !== 'number') resolve(undefined);
        else resolve(stderr.trim().split('\n')[0] || `exit ${error.code}`);
      },
    );
  });
}

/** A bash-only word the shell itself (its lines start with its own name) did not find. */
function bashOnlyWord(stderr: string, shell: string): string | undefined {
  for (const line of stderr.split('\n')) {
    if (!line.startsWith(`${shell}: `)) continue;
    const match = /: (\S+): not found$/.exec(line);
    if (match?.[1] !== undefined && BASH_ONLY_WORDS.has(match[1])) return match[1];
  }
  return undefined;
}
