import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

/** The failure document of a writing command (src/cli/write/write-json.ts). */
interface Failure {
  error: { code: string | null; message: string };
  files: unknown[];
  notes: string[];
  warnings: string[];
}

/**
 * Runs the built CLI on a command line it rejects, with --json after the command's words, in an
 * empty project: exit 1, one failure document on stdout, stderr as without --json, nothing written.
 */
async function usageFailure(args: string[], words = 1): Promise<{ failure: Failure; stderr: string }> {
  const project = tempDir('json-usage');
  const withJson = [...args.slice(0, words), '--json', ...args.slice(words)];
  const run = await spawnBuiltCli(withJson, { cwd: project });
  expect(run.code).toBe(1);
  const failure = JSON.parse(run.stdout) as Failure;
  expect(Object.keys(failure).sort()).toEqual(['error', 'files', 'notes', 'warnings']);
  expect(failure).toMatchObject({ files: [], notes: [], warnings: [] });
  expect(readdirSync(project)).toEqual([]);
  const plain = await spawnBuiltCli(args, { cwd: project });
  expect(plain).toEqual({ code: 1, stdout: '', stderr: run.stderr });
  return { failure, stderr: run.stderr };
}

describe('--json of a writing command whose command line is rejected: a CLI_USAGE document', () => {
  it.each([
    [['init', '--yes', '--bogus'], "unknown option '--bogus'"],
    [['add', 'Stop', '--command', 'true', '--timeout'], "option '--timeout <seconds>' argument missing"],
    [['add', 'Stop'], "required option '--command <cmd>' not specified"],
    [['bridge', 'install', '--host', 'vscode', 'extra'], "too many arguments for 'install'"],
    [['bridge', 'uninstall', '--host', 'vscode', '--bogus'], "unknown option '--bogus'"],
    [['schema', '--vscode', '--nope'], "unknown option '--nope'"],
    [['instal', '--host', 'vscode'], "unknown command 'instal'"],
  ])('%j: commander’s error, its usual usage text on stderr', async (args, message) => {
    const { failure, stderr } = await usageFailure(args, args[0] === 'bridge' ? 2 : 1);
    expect(failure.error.code).toBe('CLI_USAGE');
    expect(failure.error.message).toContain(message);
    expect(stderr).toBe(`error: ${failure.error.message}\n(run with --help for usage)\n`);
  });

  it.each([
    [['init', '--yes', '--host', 'nope'], 'unknown profile "nope"'],
    [['add', 'Stop', '--command', 'true', '--timeout', '-3'], '--timeout takes a number of seconds above 0'],
    [['bridge', 'uninstall', '--host', 'nope'], 'unknown profile "nope"'],
    [['bridge', 'install'], 'bridge install: --host is required'],
    [['init', '--yes'], 'init needs --template NAME'],
    [['add', 'NoSuchEvent', '--command', 'true'], 'unknown event "NoSuchEvent"'],
    [['schema', 'no-such-schema', '--vscode'], 'no schema named "no-such-schema"'],
  ])('%j: a value the command refuses, the usual agent-hooks line on stderr', async (args, message) => {
    const { failure, stderr } = await usageFailure(args, args[0] === 'bridge' ? 2 : 1);
    expect(failure.error.code).toBe('CLI_USAGE');
    expect(failure.error.message).toContain(message);
    expect(stderr).toBe(`agent-hooks: ${failure.error.message}\n`);
  });

  it('a typo of bridge install is the bridge’s usage error, BRIDGE_USAGE on stderr and in the document', async () => {
    const project = tempDir('json-usage-bridge');
    const run = await spawnBuiltCli(['bridge', 'instal', '--host', 'vscode', '--json'], { cwd: project });
    expect(run.code).toBe(1);
    const failure = JSON.parse(run.stdout) as Failure;
    expect(failure).toEqual({
      error: { code: 'BRIDGE_USAGE', message: "unknown option '--json'" },
      files: [],
      notes: [],
      warnings: [],
    });
    expect(run.stderr).toContain(`agent-hooks bridge: BRIDGE_USAGE: ${failure.error.message}`);
    expect(readdirSync(project)).toEqual([]);
  });

  it('help is no failure, and the bridge a host starts keeps stdout for the host', async () => {
    const help = await spawnBuiltCli(['init', '--json', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: agent-hooks init/);
    const bridge = await spawnBuiltCli(['bridge', '--host', 'nope', '--json']);
    expect(bridge.code).toBe(1);
    expect(bridge.stdout).toBe('');
  });
});
