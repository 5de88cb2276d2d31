import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const CALL = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });

/** A settings file whose one PreToolUse hook leaves `name` in `dir` when it runs. */
function markerSettings(dir: string, name: string): string {
  const hook = { type: 'command', command: `touch ${JSON.stringify(join(dir, name))}` };
  return writeFile(dir, `${name}.json`, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [hook] }] } }));
}

function runArgs(dir: string, ...extra: string[]): string[] {
  return ['run', 'PreToolUse', '--cwd', dir, '--no-user', '--input', CALL, ...extra];
}

/** `name`, the values and what the refusal says: the option and both values. */
function refusal(option: string, first: string, second: string): RegExp {
  return new RegExp(`${option} is given twice, as ${first} and ${second}: it takes one value`);
}

describe('a single-value option given twice with different values (the built CLI)', () => {
  it('run --profile twice: CLI_USAGE naming both values, no hook ran; repeatable and same-value options pass', async () => {
    const dir = tempDir('repeated-run');
    const settings = markerSettings(dir, 'ran');
    const args = runArgs(dir, '--settings', settings, '--profile', 'claude-code', '--profile', 'vscode');
    const json = await spawnBuiltCli([...args, '--json']);
    expect(json.code).toBe(1);
    const document = JSON.parse(json.stdout);
    expect(document.error).toEqual({
      code: 'CLI_USAGE',
      message: expect.stringMatching(refusal('--profile', 'claude-code', 'vscode')),
    });
    expect(document).not.toHaveProperty('decision');
    const human = await spawnBuiltCli(args);
    expect(human.code).toBe(1);
    expect(human.stdout).toBe('');
    expect(human.stderr).toMatch(/^error: --profile is given twice, as claude-code and vscode/);
    expect(existsSync(join(dir, 'ran'))).toBe(false);

    // --settings repeats (both hooks run); the same --profile twice is no conflict.
    const other = markerSettings(dir, 'also-ran');
    const same = ['--profile', 'claude-code', '--profile', 'claude-code', '--json', '--json'];
    const repeated = await spawnBuiltCli(runArgs(dir, '--settings', settings, '--settings', other, ...same));
    expect(repeated.stderr).toBe('');
    expect(repeated.code).toBe(0);
    expect(JSON.parse(repeated.stdout).hooks).toHaveLength(2);
    expect(existsSync(join(dir, 'ran')) && existsSync(join(dir, 'also-ran'))).toBe(true);
  });

  it('bridge --host H install --host OTHER: CLI_USAGE, nothing written', async () => {
    const dir = tempDir('repeated-bridge-install');
    const args = ['bridge', '--host', 'claude-code', 'install', '--host', 'vscode', '--cwd', dir, '--json'];
    const run = await spawnBuiltCli(args);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document).toEqual({
      error: {
        code: 'CLI_USAGE',
        message: expect.stringMatching(refusal('--host', 'claude-code', 'vscode')),
      },
      files: [],
      notes: [],
      warnings: [],
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("the bridge a host runs, given --host twice: the host's crashed-hook answer, BRIDGE_USAGE", async () => {
    const dir = tempDir('repeated-bridge');
    const run = await spawnBuiltCli(
      ['bridge', '--host', 'claude-code', '--host', 'vscode', '--cwd', dir, '--event', 'Stop'],
      { stdin: '{}' },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^agent-hooks bridge: BRIDGE_USAGE: --host is given twice, as claude-code and vscode/,
    );
    expect(run.stderr).toMatch(/no hook ran/);
  });

  it.each([
    [
      ['validate', '--kind', 'claude-settings', '--kind', 'vscode-hooks', '--json'],
      '--kind',
      'claude-settings',
      'vscode-hooks',
    ],
    [['test', '--reporter', 'json', '--reporter', 'junit'], '--reporter', 'json', 'junit'],
    [['convert', 'hooks.json', '--to', 'claude', '--to=vscode', '--json'], '--to', 'claude', 'vscode'],
    [['list', '--event', 'Stop', '--event', 'PreToolUse', '--json'], '--event', 'Stop', 'PreToolUse'],
  ])('%j: refused the same way by every command', async (args, option, first, second) => {
    const run = await spawnBuiltCli(args, { cwd: tempDir('repeated-each') });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toEqual({
      code: 'CLI_USAGE',
      message: expect.stringMatching(refusal(option, first, second)),
    });
    expect(run.stderr).toMatch(refusal(option, first, second));
  });
});
