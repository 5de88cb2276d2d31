// What the bridge does with hook files a model can break: entries that are not regular files,
// symbolic link loops, and files with some bad entries. Each runs the built CLI, as a host does.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdirSync, openSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import { guardTree, hostCall } from './guards.ts';

/** A bridge that waits on a named pipe never answers: it is killed after this and fails the test. */
const BRIDGE_DEADLINE_MS = 10_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A named pipe at `file`, released at the end of the test if something still waits on it. */
function fifo(file: string): string {
  execFileSync('mkfifo', [file]);
  cleanups.push(() => {
    try {
      closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // Nothing waits on it.
    }
  });
  return file;
}

describe.skipIf(process.platform === 'win32')('bridge: hook folder entries that are not hook files', () => {
  it('a named pipe in .github/hooks neither hangs the bridge nor takes the deny of the other files away', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-fifo');
    const pipe = fifo(join(project, '.github/hooks/z.json'));
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(run.stderr).toContain(
      `${pipe}: CONFIG_FILE_UNREADABLE: cannot read ${pipe}: it is a named pipe (FIFO), not a regular file, so it is not read`,
    );
    expect(String(out.systemMessage)).toContain(pipe);
  });

  it('a named pipe for VS Code’s workspace settings does not hang the bridge either', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-fifo');
    mkdirSync(join(project, '.vscode'));
    const pipe = fifo(join(project, '.vscode/settings.json'));
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"permissionDecision":"deny"');
    expect(run.stderr).toContain(`cannot read VS Code settings ${pipe}: it is a named pipe (FIFO)`);
  });

  it('`list` names the named pipe and ends', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-fifo');
    const pipe = fifo(join(project, '.github/hooks/z.json'));
    const run = await spawnBuiltCli(
      ['list', '--profile', 'copilot-cli', '--cwd', project, '--no-user', '--json'],
      {
        deadlineMs: BRIDGE_DEADLINE_MS,
      },
    );
    // Exit 1: a configuration file could not be read (README "CLI"), after printing what it found.
    expect(run.code).toBe(1);
    const listed = JSON.parse(run.stdout) as { diagnostics: { code: string; file?: string }[] };
    expect(listed.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'CONFIG_FILE_UNREADABLE', file: pipe }),
    );
  });

  it('a symbolic link loop is reported on its own: the deny of the folder’s other file stands', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-loop');
    const loop = join(project, '.github/hooks/loop.json');
    symlinkSync('loop.json', loop);
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(run.stderr).toContain(`${loop}: CONFIG_FILE_UNREADABLE: cannot read ${loop}: ELOOP`);
    // The folder itself is not the problem.
    expect(run.stderr).not.toContain(`${join(project, '.github/hooks')}: CONFIG_FILE_UNREADABLE`);
  });

  it('with no deny elsewhere, the loop is a crash that names only the looping entry', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-loop');
    const loop = join(project, '.github/hooks/loop.json');
    symlinkSync('loop.json', loop);
    const call = hostCall('claude-code', project, 'ls');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(loop);
    expect(run.stderr).not.toContain(`${join(project, '.github/hooks')}: CONFIG_FILE_UNREADABLE`);
    // Its neighbour ran: the guard recorded the payload.
    expect(existsSync(join(project, '.payloads', 'copilot.json'))).toBe(true);
  });
});
