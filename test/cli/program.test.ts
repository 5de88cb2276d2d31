import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';

// runCli (src/cli/program.ts) maps commander's own outcomes to exit statuses instead of exiting.
describe('agent-hooks program (runCli)', () => {
  it('prints the help on stdout and exits 0', async () => {
    const run = await runCliInProcess(['--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Usage: agent-hooks \[options\] \[command\]/);
    for (const command of ['run', 'validate', 'list', 'trust', 'convert', 'create'])
      expect(run.stdout).toContain(`\n  ${command} `);
  });

  it('exits 1 on an unknown command, with a suggestion and the hint on stderr', async () => {
    const run = await runCliInProcess(['rnu']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain("error: unknown command 'rnu'");
    expect(run.stderr).toContain('(Did you mean run?)');
    expect(run.stderr).toContain('(run with --help for usage)');
  });

  it('exits 1 with "agent-hooks: <message>" when an option value is refused', async () => {
    const run = await runCliInProcess(['run', 'Stop', '--profile', 'nope', '--no-user']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(/^agent-hooks: unknown profile "nope"/);
    expect(run.stderr).not.toContain('did you mean');
  });

  it.each([
    ['claude', 'claude-code'],
    ['copilot', 'copilot-cli'],
    ['vscod', 'vscode'],
  ])('an unknown profile %s names the one meant (%s)', async (given, meant) => {
    const run = await runCliInProcess(['run', 'Stop', '--profile', given, '--no-user']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `unknown profile "${given}"; expected one of claude-code, copilot-cli, vscode; did you mean ${meant}?`,
    );
  });
});
