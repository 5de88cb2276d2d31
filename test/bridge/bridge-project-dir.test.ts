// The project the bridge reads when the installed command passes no --cwd: the one the calling
// host names. Hosts start hooks in the session's current folder, which follows the model's `cd`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/model/profile-name.ts';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';
import { denyStdout, guardTree, hostCall } from './guards.ts';

/** The host's call without `--cwd`, as `bridge install` writes it. */
function callWithoutCwd(host: ProfileName, project: string): { stdin: string; args: string[] } {
  const call = hostCall(host, project, 'rm -rf /');
  const at = call.args.indexOf('--cwd');
  return { stdin: call.stdin, args: [...call.args.slice(0, at), ...call.args.slice(at + 2)] };
}

/** The environment without either host's project variable, plus `extra`. */
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { CLAUDE_PROJECT_DIR: _c, COPILOT_PROJECT_DIR: _p, ...rest } = process.env;
  return { ...rest, ...extra };
}

function subfolder(project: string): string {
  const dir = join(project, 'src');
  mkdirSync(dir);
  return dir;
}

describe('bridge: the project directory', () => {
  it('under Claude Code, after the model’s `cd src`, CLAUDE_PROJECT_DIR is the project (claude-code-hooks.md §6.5)', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-project');
    const call = callWithoutCwd('claude-code', project);
    const run = await spawnBuiltCli(call.args, {
      stdin: call.stdin,
      cwd: subfolder(project),
      env: envWith({ CLAUDE_PROJECT_DIR: project }),
    });
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout('claude-code', 'hook exited with code 2'),
      stderr: '',
    });
  });

  it('under Copilot CLI, COPILOT_PROJECT_DIR is the project (copilot-cli-observed.md "How hooks are started")', async () => {
    const project = makeTree(guardTree('claude'), 'bridge-project');
    const call = callWithoutCwd('copilot-cli', project);
    const run = await spawnBuiltCli([...call.args, '--include-native'], {
      stdin: call.stdin,
      cwd: subfolder(project),
      env: envWith({ COPILOT_PROJECT_DIR: project }),
    });
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout('copilot-cli', 'guard claude: rm -rf is destructive'),
      stderr: '',
    });
  });

  it('under VS Code, which names no project variable (other-agents-hooks.md §2.5), the working directory is the project', async () => {
    const project = makeTree(guardTree('claude'), 'bridge-project');
    const call = callWithoutCwd('vscode', project);
    // A CLAUDE_PROJECT_DIR VS Code inherited from elsewhere is not VS Code's project.
    const run = await spawnBuiltCli(call.args, {
      stdin: call.stdin,
      cwd: project,
      env: envWith({ CLAUDE_PROJECT_DIR: tempDir('elsewhere') }),
    });
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout('vscode', 'guard claude: rm -rf is destructive'),
      stderr: '',
    });
  });

  it('without the variable, the working directory is the project; --cwd wins over the variable', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-project');
    const call = callWithoutCwd('claude-code', project);
    const bare = await spawnBuiltCli(call.args, { stdin: call.stdin, cwd: project, env: envWith({}) });
    expect(bare.stdout).toBe(denyStdout('claude-code', 'hook exited with code 2'));
    const given = await spawnBuiltCli([...call.args, '--cwd', project], {
      stdin: call.stdin,
      cwd: tempDir('elsewhere'),
      env: envWith({ CLAUDE_PROJECT_DIR: tempDir('elsewhere') }),
    });
    expect(given.stdout).toBe(denyStdout('claude-code', 'hook exited with code 2'));
  });
});
