import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtBinPath, type CliRun, spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** The --json failure document (src/cli/failure-json.ts). */
interface Failure {
  error: { code: string | null; message: string };
  diagnostics?: { severity: string; code: string | null; message: string }[];
  errors?: { severity: string; code: string | null; message: string }[];
}

/** Commands whose own document lists diagnostics carry the error there; `test` in `errors`. */
const LISTED_IN: Record<string, 'diagnostics' | 'errors' | undefined> = {
  run: 'diagnostics',
  validate: 'diagnostics',
  list: 'diagnostics',
  trust: 'diagnostics',
  convert: 'diagnostics',
  test: 'errors',
};

/** A command the CLI does not have may be a typo of a writing command: a writer's fields. */
const FIELDS: Record<string, string[]> = { 'token lst': ['files', 'notes', 'warnings'] };

/** stdout is exactly one JSON document: the failure, with its command's fields beside `error`. */
function oneFailure(run: CliRun, command: string): Failure {
  expect(run.code).toBe(1);
  const failure = JSON.parse(run.stdout) as Failure;
  const list = LISTED_IN[command];
  const fields = FIELDS[command] ?? (list === undefined ? [] : [list]);
  expect(Object.keys(failure).sort()).toEqual(['error', ...fields].sort());
  if (list !== undefined) expect(failure[list]).toEqual([{ severity: 'error', ...failure.error }]);
  return failure;
}

/** The same command line without --json (and its reporter): same exit, same stderr, stdout empty. */
async function withoutJson(args: string[], run: CliRun, cwd: string): Promise<void> {
  const plain = humanArgs(args);
  const human = await spawnBuiltCli(plain, { cwd, env: NO_MODEL_ENV });
  expect(human.code).toBe(run.code);
  expect(human.stderr).toBe(run.stderr);
}

/** `args` without `--json`, `--reporter json` or `--reporter=json`. */
function humanArgs(args: string[]): string[] {
  return args.filter(
    (arg, at) =>
      !['--json', '--reporter=json'].includes(arg) &&
      !(arg === '--reporter' && args[at + 1] === 'json') &&
      !(arg === 'json' && args[at - 1] === '--reporter'),
  );
}

/** No model for `create` (it would be asked over the network otherwise). */
const NO_MODEL_ENV: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: tempDir('json-failure-home') };

describe('--json of every command: one failure document on stdout when the command fails', () => {
  it.each([
    [['run', 'Nope', '--json', '--no-user'], 'unknown event "Nope"'],
    [['run', 'PreToolUse', '--json', '--bogus'], "unknown option '--bogus'"],
    [['validate', '--json', '--kind', 'nope'], 'unknown kind "nope"'],
    [['list', '--json', '--event', 'Nope', '--no-user'], 'unknown --event "Nope"'],
    [['trust', '--json', '--bogus'], "unknown option '--bogus'"],
    [['doctor', '--json', '--profile', 'nope'], 'unknown profile "nope"'],
    [
      ['convert', 'hooks.json', '--to', 'copilot-cli', '--json'],
      '--to must be one of claude, copilot, vscode',
    ],
    [['create', '--json'], "missing required argument 'description'"],
    [['test', '--reporter', 'json', '--jobs', '0'], '--jobs 0: give a whole number'],
    [['test', '--reporter=json', '--bogus'], "unknown option '--bogus'"],
    [['audit', '--json', '--bogus'], "unknown option '--bogus'"],
    [['audit', '--json', '--since', 'nonsense', '--database', 'audit.sqlite'], '"nonsense" is not a time'],
    [['token', 'list', '--json', '--bogus'], "unknown option '--bogus'"],
    [['token', 'lst', '--json'], "unknown command 'lst'"],
    [['serve', '--json', '--bogus'], "unknown option '--bogus'"],
    [['inspect', '--json', '--bogus'], "unknown option '--bogus'"],
  ])('%j: a usage error is CLI_USAGE, stderr as without --json', async (args, message) => {
    const cwd = tempDir('json-failure-usage');
    const run = await spawnBuiltCli(args, { cwd, env: NO_MODEL_ENV });
    const failure = oneFailure(run, args[0] === 'token' ? args.slice(0, 2).join(' ') : (args[0] as string));
    expect(failure.error.code).toBe('CLI_USAGE');
    expect(failure.error.message).toContain(message);
    await withoutJson(args, run, cwd);
  });

  it.each([
    [['run', 'PreToolUse', '--json', '--no-user', '--input', 'missing.json'], 'CLI_INPUT_INVALID'],
    [['run', 'PreToolUse', '--json', '--no-user', '--input', '{}'], 'CLI_INPUT_INVALID'],
    [
      ['run', 'Stop', '--json', '--no-user', '--require-trust', '--trust-file', '.'],
      'SECURITY_TRUST_STORE_UNREADABLE',
    ],
    [['convert', 'missing.json', '--to', 'copilot', '--json'], 'CONVERT_FAILED'],
    [['create', 'lint after every edit', '--json'], 'RUNNER_MODEL_NOT_CONFIGURED'],
  ])('%j: a failure that is no usage error has its own code', async (args, code) => {
    const cwd = tempDir('json-failure-other');
    const run = await spawnBuiltCli(args, { cwd, env: NO_MODEL_ENV });
    const failure = oneFailure(run, args[0] as string);
    expect(failure.error.code).toBe(code);
    expect(run.stderr).toContain(failure.error.message.split('\n')[0]);
    await withoutJson(args, run, cwd);
  });

  it.each([
    [['run', 'Stop', '--json', '--no-user']],
    [['validate', '--json', '--no-user']],
    [['list', '--json', '--no-user']],
    [['trust', '--json', '--no-user', '--show']],
    [['doctor', '--json', '--no-user']],
    [['test', '--reporter', 'json']],
    [['audit', '--json']],
  ])('%j in a directory that was deleted: CLI_CWD_DELETED, the usual line on stderr', async (args) => {
    const run = await inDeletedDirectory(args);
    const failure = oneFailure(run, args[0] as string);
    expect(failure.error.code).toBe('CLI_CWD_DELETED');
    expect(run.stderr).toBe(`agent-hooks: ${failure.error.message}\n`);
    const plain = await inDeletedDirectory(
      args.filter((arg) => arg !== '--json' && arg !== '--reporter' && arg !== 'json'),
    );
    expect(plain).toEqual({ code: 1, stdout: '', stderr: run.stderr });
  });

  it('the success documents are unchanged: no error field, exit 0', async () => {
    const cwd = tempDir('json-failure-success');
    const run = await spawnBuiltCli(['run', 'Stop', '--json', '--no-user'], { cwd });
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ event: 'Stop', decision: null, hooks: [], diagnostics: [] });
    expect(json).not.toHaveProperty('error');
    const validate = await spawnBuiltCli(['validate', '--json', '--no-user'], { cwd });
    expect(validate.code).toBe(0);
    expect(JSON.parse(validate.stdout)).toMatchObject({ diagnostics: [], errors: 0, warnings: 0 });
  });

  it('a document printed before a later failure is the only one: --settings naming no file', async () => {
    const cwd = tempDir('json-failure-settings');
    const args = ['run', 'Stop', '--json', '--no-user', '--settings', 'missing.json'];
    const run = await spawnBuiltCli(args, { cwd });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as { diagnostics: { code: string }[] };
    expect(json).not.toHaveProperty('error');
    expect(json.diagnostics.map((d) => d.code)).toContain('CONFIG_SETTINGS_FILE_NOT_FOUND');
  });

  it('help stays exit 0 with its text, --json or not', async () => {
    for (const args of [
      ['run', '--json', '--help'],
      ['test', '--reporter', 'json', '--help'],
    ]) {
      const help = await spawnBuiltCli(args);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: agent-hooks ${args[0]}`));
    }
  });
});

/** Runs the built CLI from a directory removed just before it starts (`cd DIR; rmdir DIR; exec`). */
function inDeletedDirectory(args: string[]): Promise<CliRun> {
  const dir = join(tempDir('json-failure-gone'), 'project');
  mkdirSync(dir);
  const script = 'cd "$1" && rmdir "$1" && shift && exec "$@"';
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', script, 'sh', dir, process.execPath, builtBinPath(), ...args],
      { env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
