import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';
import { denyStdout, guardTree, hostCall } from './guards.ts';

/**
 * A project with a VS Code guard and the Copilot CLI bridge installed with a `--command` that
 * records each start, so a test sees whether the Claude Code bridge started that entry.
 */
async function project(): Promise<{ dir: string; started: string }> {
  const dir = makeTree(guardTree('vscode'), 'bridge-entries');
  const recorder = writeFile(dir, 'record.sh', 'echo started >> "$(dirname "$0")/started"\n');
  const install = await runCliInProcess([
    'bridge',
    'install',
    '--host',
    'copilot-cli',
    '--cwd',
    dir,
    '--command',
    `sh ${recorder}`,
  ]);
  expect(install.code, install.stderr).toBe(0);
  return { dir, started: join(dir, 'started') };
}

// Issue 16 item 4: a bridge is paid on every event; another host's installed bridge entry would
// cost a Node start only to answer "no decision" (AGENT_HOOKS_BRIDGE), so it is not started.
describe("bridge: another host's bridge entries", () => {
  it('are not started by the bridge, and the guards beside them still run', async () => {
    const { dir, started } = await project();
    const call = hostCall('claude-code', dir, 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout('claude-code', 'guard vscode: rm -rf is destructive'),
      stderr: '',
    });
    expect(existsSync(started)).toBe(false);
  });

  it('are named by list --bridge, not listed as bridged hooks', async () => {
    const { dir } = await project();
    const run = await runCliInProcess([
      'list',
      '--bridge',
      'claude-code',
      '--cwd',
      dir,
      '--no-user',
      '--json',
    ]);
    const bridge = (
      JSON.parse(run.stdout) as {
        bridges: { host: string; handlers: { source: { file: string } }[]; bridgeEntryFiles: string[] }[];
      }
    ).bridges.find((b) => b.host === 'claude-code');
    const entries = join(dir, '.github/hooks/agent-hooks.json');
    expect(bridge?.bridgeEntryFiles).toEqual([entries]);
    expect(bridge?.handlers.map((h) => h.source.file)).toEqual([join(dir, '.github/hooks/guard.json')]);
    const human = await runCliInProcess(['list', '--bridge', 'claude-code', '--cwd', dir, '--no-user']);
    expect(human.stdout).toContain(
      "not started: the agent-hooks bridge entries in .github/hooks/agent-hooks.json (another host's bridge)",
    );
  });
});
