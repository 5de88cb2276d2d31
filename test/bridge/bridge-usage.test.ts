import { describe, expect, it } from 'vitest';
import { runCliInProcess, spawnBuiltCli } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

const PAYLOAD = JSON.stringify({
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
});

/** The crash answer every host reads as a failed hook (docs/bridge.md "Failures"). */
const USAGE_CRASH =
  /^agent-hooks bridge: BRIDGE_USAGE: .*; no hook ran \(`agent-hooks bridge --help` lists the options\)\n$/;

// A bridge started wrongly answers as every other bridge failure: exit 1, nothing on stdout, one
// `agent-hooks bridge: <CODE>: <reason>` line, which is what a host shows for a crashed hook.
describe('bridge: a usage error is a crashed hook (BRIDGE_USAGE, exit 1)', () => {
  const project = makeTree({}, 'bridge-usage');
  const cases: Array<[string, string[], string]> = [
    ['no --host', [], '--host is required (claude-code | copilot-cli | vscode)'],
    ['an unknown --host', ['--host', 'claude'], '--host: unknown profile "claude"'],
    ['--host without a value', ['--host'], "option '--host <host>' argument missing"],
    ['an unknown option', ['--host', 'vscode', '--bogus'], "unknown option '--bogus'"],
    ['an argument', ['--host', 'vscode', 'extra'], "too many arguments for 'bridge'"],
    ['an unknown --from', ['--host', 'vscode', '--from', 'cursor'], '--from: unknown profile "cursor"'],
    [
      'a bad --invalid-rewrite',
      ['--host', 'vscode', '--invalid-rewrite', 'closed'],
      'expected one of discard, deny',
    ],
    [
      'an unreadable --tool-schemas',
      ['--host', 'vscode', '--tool-schemas', '/nonexistent/s.json'],
      'cannot be read (ENOENT)',
    ],
  ];
  for (const [what, args, reason] of cases) {
    it(what, async () => {
      const run = await runCliInProcess(['bridge', '--cwd', project, '--no-user', ...args], {
        stdin: PAYLOAD,
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(USAGE_CRASH);
      expect(run.stderr).toContain(reason);
    });
  }

  it('the built bin exits 1 with the one line, as a host sees it', async () => {
    const run = await spawnBuiltCli(['bridge', '--hots', 'claude-code'], { stdin: PAYLOAD, cwd: project });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(USAGE_CRASH);
    expect(run.stderr).toContain("unknown option '--hots' (Did you mean --host?)");
  });

  // `bridge install` and `bridge uninstall` are commands a person runs: their usage errors stay the CLI's.
  it('bridge install and uninstall keep the usual usage errors', async () => {
    const noHost = await runCliInProcess(['bridge', 'install', '--cwd', project]);
    expect(noHost).toMatchObject({ code: 1, stdout: '' });
    expect(noHost.stderr).toMatch(/^agent-hooks: bridge install: --host is required/);
    const badHost = await runCliInProcess(['bridge', 'uninstall', '--host', 'claude', '--cwd', project]);
    expect(badHost.stderr).toMatch(/^agent-hooks: unknown profile "claude"/);
    const badRewrite = await runCliInProcess([
      'bridge',
      'install',
      '--host',
      'vscode',
      '--invalid-rewrite',
      'x',
    ]);
    expect(badRewrite.stderr).toMatch(/^agent-hooks: --invalid-rewrite x: expected one of discard, deny/);
    const unknown = await runCliInProcess(['bridge', 'install', '--bogus']);
    expect(unknown.stderr).toContain("error: unknown option '--bogus'");
    expect(unknown.stderr).toContain('(run with --help for usage)');
    expect(unknown.stderr).not.toContain('BRIDGE_USAGE');
  });

  it('a bad --tool-schemas file before install is still install’s own error', async () => {
    const bad = writeFile(project, 'bad.json', '[]');
    const run = await runCliInProcess([
      'bridge',
      'install',
      '--host',
      'vscode',
      '--cwd',
      project,
      '--tool-schemas',
      bad,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^agent-hooks: /);
    expect(run.stderr).not.toContain('BRIDGE_USAGE');
  });
});
