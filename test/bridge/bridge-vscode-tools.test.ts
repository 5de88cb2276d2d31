// VS Code's tool names and input keys ↔ Claude's in the bridge (src/events/vscode-tool-names.ts):
// Claude and Copilot hooks see a VS Code call as their own host would send it, VS Code hooks see a
// Claude Code or Copilot CLI call as VS Code would, and a rewrite goes back in the caller's keys.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree, type TreeSpec } from '../helpers/temp-dir.ts';
import { claudePreToolUse, copilotPreToolUse, denyStdout, vscodePreToolUse } from './guards.ts';

const REWRITE = join(REPO_ROOT, 'test/fixtures/bridge/rewrite.mjs');
const GUARD = join(REPO_ROOT, 'test/fixtures/bridge/guard.sh');

function seen(project: string, name: string): Record<string, unknown> {
  const file = join(project, '.payloads', `${name}.json`);
  expect(existsSync(file)).toBe(true);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function claudeHook(matcher: string, command: string): TreeSpec {
  return {
    '.claude/settings.json': {
      hooks: { PreToolUse: [{ matcher, hooks: [{ type: 'command', command }] }] },
    },
  };
}

function copilotHook(matcher: string, command: string): TreeSpec {
  return {
    '.github/hooks/hook.json': {
      version: 1,
      hooks: { preToolUse: [{ type: 'command', bash: command, matcher, timeoutSec: 10 }] },
    },
  };
}

/** VS Code's own format, in a folder only VS Code reads (not native to Claude Code or Copilot CLI). */
function vscodeHook(command: string): TreeSpec {
  return {
    '.vscode/settings.json': { 'chat.hookFilesLocations': { '.vscode/hooks': true } },
    '.vscode/hooks/hook.json': { hooks: { PreToolUse: [{ type: 'command', command, timeout: 10 }] } },
  };
}

function bridge(host: string, project: string, payload: Record<string, unknown>, extra: string[] = []) {
  const args = [
    'bridge',
    '--host',
    host,
    '--cwd',
    project,
    '--no-user',
    '--state-dir',
    join(project, '.state'),
  ];
  return runCliInProcess([...args, ...extra], { stdin: JSON.stringify(payload) });
}

/** VS Code's PreToolUse for `replace_string_in_file` (camelCase inputs, other-agents-hooks.md §2.6). */
function vscodeEdit(project: string): Record<string, unknown> {
  return {
    ...vscodePreToolUse(project, ''),
    tool_name: 'replace_string_in_file',
    tool_input: { filePath: 'src/app.ts', oldString: 'a', newString: 'b', explanation: 'fix' },
  };
}

function updatedInputOf(stdout: string): unknown {
  const out = JSON.parse(stdout) as { hookSpecificOutput?: { updatedInput?: unknown } };
  return out.hookSpecificOutput?.updatedInput;
}

describe('bridge --host vscode: Claude and Copilot hooks see Claude tool names and keys', () => {
  it('run_in_terminal rm -rf / is denied by a Claude Bash guard, which sees Bash and the command', async () => {
    const project = makeTree(claudeHook('Bash', `sh ${GUARD} claude`), 'vstools');
    const run = await bridge('vscode', project, vscodePreToolUse(project, 'rm -rf /'));
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout('vscode', 'guard claude: rm -rf is destructive'),
      stderr: '',
    });
    expect(seen(project, 'claude')).toMatchObject({
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /', explanation: 'run it', isBackground: false },
    });
  });

  it('run_in_terminal rm -rf / is denied by a Copilot bash guard, which sees bash (with --include-native)', async () => {
    const project = makeTree(copilotHook('bash', `sh ${GUARD} copilot`), 'vstools');
    const run = await bridge('vscode', project, vscodePreToolUse(project, 'rm -rf /'), ['--include-native']);
    expect(run).toEqual({ code: 0, stdout: denyStdout('vscode', 'hook exited with code 2'), stderr: '' });
    expect(seen(project, 'copilot')).toMatchObject({ toolName: 'bash', toolArgs: { command: 'rm -rf /' } });
  });

  it("a Claude Edit hook's rewrite comes back in VS Code's keys (filePath)", async () => {
    const project = makeTree(claudeHook('Edit', `node ${REWRITE} claude file_path`), 'vstools');
    const run = await bridge('vscode', project, vscodeEdit(project));
    expect(run.code).toBe(0);
    expect(seen(project, 'claude')).toMatchObject({
      tool_name: 'Edit',
      tool_input: { file_path: 'src/app.ts', old_string: 'a', new_string: 'b', explanation: 'fix' },
    });
    expect(updatedInputOf(run.stdout)).toEqual({
      filePath: 'safe/src/app.ts',
      oldString: 'a',
      newString: 'b',
      explanation: 'fix',
    });
  });

  it("a Copilot edit hook's modifiedArgs come back in VS Code's keys", async () => {
    const project = makeTree(copilotHook('edit', `node ${REWRITE} copilot file_path`), 'vstools');
    const run = await bridge('vscode', project, vscodeEdit(project), ['--include-native']);
    expect(run.code).toBe(0);
    expect(seen(project, 'copilot')).toMatchObject({ toolName: 'edit' });
    expect(updatedInputOf(run.stdout)).toMatchObject({ filePath: 'safe/src/app.ts', oldString: 'a' });
  });

  it("--tool-schemas: VS Code's schema checks a Claude hook's rewrite, in VS Code's keys", async () => {
    const schema = {
      type: 'object',
      properties: {
        filePath: { type: 'string' },
        oldString: { type: 'string' },
        newString: { type: 'string' },
        explanation: { type: 'string' },
      },
      required: ['filePath', 'oldString', 'newString'],
      additionalProperties: false,
    };
    const project = makeTree(
      {
        ...claudeHook('Edit', `node ${REWRITE} claude file_path`),
        'schemas.json': { replace_string_in_file: schema },
      },
      'vstools',
    );
    const schemas = ['--tool-schemas', join(project, 'schemas.json')];
    const run = await bridge('vscode', project, vscodeEdit(project), schemas);
    expect(run.stderr).toBe('');
    expect(updatedInputOf(run.stdout)).toMatchObject({ filePath: 'safe/src/app.ts' });
    // A rewrite that loses a required key is discarded, as VS Code ignores it (seed 000).
    const broken = makeTree(
      {
        ...claudeHook('Edit', `node ${REWRITE} claude filePath`),
        'schemas.json': { replace_string_in_file: schema },
      },
      'vstools',
    );
    const discarded = await bridge('vscode', broken, vscodeEdit(broken), [
      '--tool-schemas',
      join(broken, 'schemas.json'),
    ]);
    expect(discarded.stderr).toContain('ENGINE_INVALID_UPDATED_INPUT');
    expect(updatedInputOf(discarded.stdout)).toBeUndefined();
  });

  it('a tool with no mapping passes through unchanged', async () => {
    const project = makeTree(claudeHook('*', `node ${REWRITE} claude filePaths`), 'vstools');
    const input = { filePaths: 'src/app.ts', explanation: 'check' };
    const run = await bridge('vscode', project, {
      ...vscodePreToolUse(project, ''),
      tool_name: 'get_errors',
      tool_input: input,
    });
    expect(seen(project, 'claude')).toMatchObject({ tool_name: 'get_errors', tool_input: input });
    expect(updatedInputOf(run.stdout)).toEqual({ ...input, filePaths: 'safe/src/app.ts' });
  });
});

describe('bridge --host claude-code / copilot-cli: VS Code hooks see VS Code tool names and keys', () => {
  it('a Claude Code Bash call reaches a VS Code hook as run_in_terminal', async () => {
    const project = makeTree(vscodeHook(`sh ${GUARD} vscode`), 'vstools');
    const run = await bridge('claude-code', project, claudePreToolUse(project, 'rm -rf /'));
    expect(run.stdout).toBe(denyStdout('claude-code', 'guard vscode: rm -rf is destructive'));
    expect(seen(project, 'vscode')).toMatchObject({
      tool_name: 'run_in_terminal',
      tool_input: { command: 'rm -rf /' },
    });
  });

  it('a Copilot CLI bash call reaches a VS Code hook as run_in_terminal', async () => {
    const project = makeTree(vscodeHook(`sh ${GUARD} vscode`), 'vstools');
    const run = await bridge('copilot-cli', project, copilotPreToolUse(project, 'rm -rf /'), [
      '--event',
      'preToolUse',
    ]);
    expect(run.stdout).toBe(denyStdout('copilot-cli', 'guard vscode: rm -rf is destructive'));
    expect(seen(project, 'vscode')).toMatchObject({ tool_name: 'run_in_terminal' });
  });

  it("a VS Code hook's rewrite of a Claude Edit comes back in Claude's keys (file_path)", async () => {
    const project = makeTree(vscodeHook(`node ${REWRITE} vscode filePath`), 'vstools');
    const edit = {
      ...claudePreToolUse(project, ''),
      tool_name: 'Edit',
      tool_input: { file_path: 'src/app.ts', old_string: 'a', new_string: 'b', replace_all: false },
    };
    const run = await bridge('claude-code', project, edit);
    expect(seen(project, 'vscode')).toMatchObject({
      tool_name: 'replace_string_in_file',
      tool_input: { filePath: 'src/app.ts', oldString: 'a', newString: 'b', replace_all: false },
    });
    expect(updatedInputOf(run.stdout)).toEqual({
      file_path: 'safe/src/app.ts',
      old_string: 'a',
      new_string: 'b',
      replace_all: false,
    });
  });
});
