import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardTree } from '../bridge/guards.ts';
import { builtBinPath, spawnBuiltCli } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const BIN = `node ${builtBinPath()}`;

/** A project with a Claude guard and a Copilot-format guard. */
function project(): string {
  return makeTree({ ...guardTree('claude'), ...guardTree('copilot') }, 'doctor-bridge');
}

async function install(dir: string, host: string): Promise<void> {
  const run = await spawnBuiltCli(['bridge', 'install', '--host', host, '--cwd', dir, '--command', BIN]);
  expect(run.code, run.stderr).toBe(0);
}

// Issue 16 item 2: `doctor` shows, where a bridge is installed, which hooks it runs and their origin.
describe('doctor and the bridge', () => {
  it('after bridge install for Claude Code, shows the hooks the bridge runs with origin, dialect and event', async () => {
    const dir = project();
    await install(dir, 'claude-code');
    const run = await spawnBuiltCli(['doctor', '--cwd', dir, '--no-user']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('Bridged (1) run by agent-hooks bridge --host claude-code');
    expect(run.stdout).toMatch(/PreToolUse \[bash\] command: sh .*guard\.sh copilot/);
    expect(run.stdout).toContain('origin copilot-cli · copilot (preToolUse) · .github/hooks/guard.json:');
    // Claude Code runs its own settings file: the bridge leaves it (and its bridge entries) alone.
    expect(run.stdout).toContain('not bridged: .claude/settings.json (claude-code runs it itself)');
  });

  it('has the same data under bridges[] in --json, for every host with a bridge installed', async () => {
    const dir = project();
    await install(dir, 'claude-code');
    await install(dir, 'copilot-cli');
    const run = await spawnBuiltCli(['doctor', '--cwd', dir, '--no-user', '--json']);
    expect(run.code, run.stdout).toBe(0);
    const report = JSON.parse(run.stdout) as {
      bridges: {
        host: string;
        handlers: { origin: string; dialect: string; eventKey: string; source: { file: string } }[];
        nativeFiles: string[];
      }[];
    };
    const guards = report.bridges.map((b) => ({
      host: b.host,
      hooks: b.handlers
        .filter((h) => h.source.file === join(dir, '.github/hooks/guard.json'))
        .map((h) => `${h.origin} ${h.dialect} ${h.eventKey}`),
    }));
    // Copilot CLI reads .claude/settings.json and .github/hooks itself: it leaves nothing to bridge.
    expect(guards).toEqual([
      { host: 'claude-code', hooks: ['copilot-cli copilot preToolUse'] },
      { host: 'copilot-cli', hooks: [] },
    ]);
    expect(report.bridges[1]?.nativeFiles).toEqual([
      join(dir, '.claude/settings.json'),
      join(dir, '.github/hooks/guard.json'),
      join(dir, '.github/hooks/agent-hooks.json'),
    ]);
  });

  it('with --profile, a file the bridge runs for that host is not one the host never reads', async () => {
    const dir = project();
    const guard = join(dir, '.github/hooks/guard.json');
    const otherHostFiles = async () => {
      const run = await spawnBuiltCli([
        'doctor',
        '--profile',
        'claude-code',
        '--cwd',
        dir,
        '--no-user',
        '--json',
      ]);
      const report = JSON.parse(run.stdout) as { findings: { code: string; file?: string }[] };
      return report.findings.filter((f) => f.code === 'DOCTOR_OTHER_HOST_FILE').map((f) => f.file);
    };
    expect(await otherHostFiles()).toEqual([guard]);
    await install(dir, 'claude-code');
    expect(await otherHostFiles()).toEqual([]);
  });

  it('shows no bridge where none is installed', async () => {
    const run = await spawnBuiltCli(['doctor', '--cwd', project(), '--no-user', '--json']);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout).bridges).toBeUndefined();
  });
});
