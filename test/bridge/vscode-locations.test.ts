import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';
import { denyStdout, guardTree, hostCall } from './guards.ts';

/**
 * A VS Code-format guard in a folder only VS Code reads, named in `.vscode/settings.json`'s
 * `chat.hookFilesLocations` (other-agents-hooks.md §2.2): the guard Copilot CLI and Claude Code
 * never run themselves, so the bridge runs it for them.
 */
function project(): string {
  const guard = guardTree('vscode')['.github/hooks/guard.json'] as object;
  return makeTree(
    {
      '.vscode/settings.json':
        '{\n  // VS Code only\n  "chat.hookFilesLocations": { ".vscode/team-hooks": true }\n}\n',
      '.vscode/team-hooks/guard.json': guard,
    },
    'bridge-vscode-locations',
  );
}

// Issue 16 items 1 and 5: a VS Code guard that only VS Code's settings make visible.
describe('bridge: VS Code hooks from chat.hookFilesLocations', () => {
  for (const host of ['copilot-cli', 'claude-code'] as const) {
    it(`a VS Code guard in a location .vscode/settings.json names denies rm -rf under ${host}`, async () => {
      const dir = project();
      const call = hostCall(host, dir, 'rm -rf /');
      const run = await runCliInProcess(call.args, { stdin: call.stdin });
      expect(run).toEqual({
        code: 0,
        stdout: denyStdout(host, 'guard vscode: rm -rf is destructive'),
        stderr: '',
      });
    });
  }

  it('under VS Code itself the guard is native and left to VS Code', async () => {
    const call = hostCall('vscode', project(), 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
  });

  it('a .vscode/settings.json that does not parse is a crash naming it, under another host', async () => {
    const dir = makeTree({}, 'bridge-vscode-locations');
    const settings = writeFile(dir, '.vscode/settings.json', '{ "chat.hookFilesLocations": { ');
    const call = hostCall('copilot-cli', dir, 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('BRIDGE_CONFIG_BROKEN');
    expect(run.stderr).toContain(`${settings}:1:`);
  });
});
