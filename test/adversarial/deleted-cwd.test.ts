// Issue 13, smaller defect: the CLI started in a deleted directory died with a stack trace, even
// for --version. A real process is needed: the directory must vanish under the started shell.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const root = tempDir('deleted-cwd');
let made = 0;

/** Runs the built CLI with `args` from a directory deleted just before it starts. */
function runInDeletedDirectory(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dir = join(root, `gone-${++made}`);
  mkdirSync(dir);
  const script = 'cd "$1" && rmdir "$1" && shift && exec "$@"';
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script, 'bash', dir, process.execPath, builtBinPath(), ...args],
      (error, stdout, stderr) =>
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr }),
    );
  });
}

describe('the CLI in a deleted directory', () => {
  it('--version still prints the version', async () => {
    const run = await runInDeletedDirectory(['--version']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a command that needs the directory says so in one line, without a stack trace', async () => {
    const run = await runInDeletedDirectory(['list']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the current directory no longer exists');
    expect(run.stderr).not.toContain('    at ');
  });

  it('an absolute --cwd runs the command there', async () => {
    const project = tempDir('deleted-cwd-project');
    const run = await runInDeletedDirectory(['list', '--no-user', '--cwd', project]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(project);
  });
});
