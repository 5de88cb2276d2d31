import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const CALL = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });

function copilotRepo(version: number): string {
  return makeTree(
    {
      '.github/hooks/guard.json': {
        version,
        hooks: { preToolUse: [{ type: 'command', bash: 'echo guard', timeoutSec: 5 }] },
      },
    },
    'every-host',
  );
}

// Issue 14, trap 4: the default profile was blind to the other hosts' files.
describe('validate and list cover every host by default', () => {
  it('validate finds the error in a Copilot file, grouped by host, naming the files it checked', async () => {
    const dir = copilotRepo(2);
    const run = await runCliInProcess(['validate', '--cwd', dir, '--no-user']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/claude-code locations: checked 0 file\(s\)/);
    expect(run.stdout).toMatch(
      /copilot-cli locations: checked 1 file\(s\)\n {2}checked \.github\/hooks\/guard\.json\n/,
    );
    expect(run.stdout).toMatch(/CONFIG_INVALID_VERSION/);
    expect(run.stdout).toMatch(/vscode locations: checked 0 file\(s\)/);
    const json = JSON.parse(
      (await runCliInProcess(['validate', '--cwd', dir, '--no-user', '--json'])).stdout,
    );
    expect(json.hosts.map((h: { host: string }) => h.host)).toEqual(['claude-code', 'copilot-cli', 'vscode']);
    expect(json.errors).toBeGreaterThan(0);
  });

  it('validate --profile claude-code checks only that host', async () => {
    const run = await runCliInProcess([
      'validate',
      '--cwd',
      copilotRepo(2),
      '--no-user',
      '--profile',
      'claude-code',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/copilot-cli/);
  });

  it('list shows every host, the Copilot handler under copilot-cli', async () => {
    const dir = copilotRepo(1);
    const json = JSON.parse(
      (await runCliInProcess(['list', '--cwd', dir, '--no-user', '--trust-folder', '--json'])).stdout,
    );
    const byHost = Object.fromEntries(
      json.hosts.map((h: { host: string; handlers: unknown[] }) => [h.host, h.handlers.length]),
    );
    expect(byHost['claude-code']).toBe(0);
    expect(byHost['copilot-cli']).toBe(1);
    const human = await runCliInProcess(['list', '--cwd', dir, '--no-user', '--trust-folder']);
    expect(human.stdout).toMatch(/profile claude-code[\s\S]*profile copilot-cli[\s\S]*profile vscode/);
  });
});

describe('run names the other hosts files it ignored', () => {
  it('says which --profile would run a Copilot file, in text and JSON', async () => {
    const dir = copilotRepo(1);
    const text = await runCliInProcess(['run', 'preToolUse', '--cwd', dir, '--no-user', '--input', CALL]);
    expect(text.stdout).toMatch(/no handler ran/);
    expect(text.stdout).toMatch(
      /ignored \.github\/hooks\/guard\.json: a copilot-cli hook file; run with --profile copilot-cli to run its hooks/,
    );
    const json = JSON.parse(
      (await runCliInProcess(['run', 'preToolUse', '--cwd', dir, '--no-user', '--input', CALL, '--json']))
        .stdout,
    );
    expect(json.ignoredHostFiles).toEqual([
      { file: expect.stringMatching(/guard\.json$/), host: 'copilot-cli' },
    ]);
    const copilot = JSON.parse(
      (
        await runCliInProcess([
          'run',
          'preToolUse',
          '--cwd',
          dir,
          '--no-user',
          '--input',
          CALL,
          '--json',
          '--profile',
          'copilot-cli',
          '--trust-folder',
        ])
      ).stdout,
    );
    expect(copilot.hooks).toHaveLength(1);
    expect(copilot.ignoredHostFiles).toBeUndefined();
  });
});

describe('validate FILE and DIR detect each file kind like convert', () => {
  const VSCODE = { hooks: { PreToolUse: [{ type: 'command', command: './lint.sh', timeout: 10 }] } };

  it('reads a VS Code file as VS Code, not as Claude settings', async () => {
    const dir = makeTree({ 'hooks/lint.json': VSCODE }, 'validate-kind');
    const file = await runCliInProcess(['validate', '--cwd', dir, 'hooks/lint.json', '--json']);
    expect(JSON.parse(file.stdout).diagnostics).toEqual([]);
    expect(file.code).toBe(0);
    const folder = await runCliInProcess(['validate', '--cwd', dir, 'hooks']);
    expect(folder.code).toBe(0);
    expect(folder.stdout).toMatch(/files: checked 1 file\(s\)\n {2}checked hooks\/lint\.json/);
  });
});
