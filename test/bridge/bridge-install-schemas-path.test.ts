import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { builtBinPath, spawnBuiltCli } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';

const BIN = `node ${builtBinPath()}`;
const REWRITE = join(REPO_ROOT, 'test/fixtures/bridge/rewrite.mjs');
/** Claude's Edit input, closed: the rewrite, which adds a key, does not match it. */
const SCHEMAS = {
  Edit: { type: 'object', additionalProperties: false, properties: { file_path: { type: 'string' } } },
};

/** A project with the schema file in conf/ and a Copilot-format hook that rewrites every call. */
function project(): string {
  return makeTree(
    {
      'conf/schemas.json': SCHEMAS,
      'sub/README.md': 'a subfolder\n',
      '.github/hooks/rewrite.json': {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: `node ${REWRITE} copilot extra` }] },
      },
    },
    'schemas-path',
  );
}

/** `bridge <verb> --host HOST --cwd PROJECT …` by the built CLI, started in another folder. */
function bridgeFrom(shellDir: string, verb: string, host: string, dir: string, ...more: string[]) {
  return spawnBuiltCli(['bridge', verb, '--host', host, '--cwd', dir, '--command', BIN, ...more], {
    cwd: shellDir,
  });
}

function installedCommand(file: string, event: string): string {
  const config = parse(readFileSync(file, 'utf8')) as { hooks: Record<string, Record<string, unknown>[]> };
  const entry = config.hooks[event]?.at(-1) as { bash?: string; hooks?: { command: string }[] };
  return String(entry.bash ?? entry.hooks?.[0]?.command);
}

/** The installed command in a shell, as a host starts it: in `cwd`, with the host's variables. */
function runAsHost(command: string, cwd: string, env: Record<string, string>, payload: object) {
  return execFileSync('/bin/sh', ['-c', command], {
    cwd,
    input: JSON.stringify(payload),
    env: { ...process.env, ...env, XDG_STATE_HOME: join(cwd, '.state') },
    encoding: 'utf8',
  });
}

// A relative --tool-schemas is the project's (--cwd), not the folder install runs in: the host
// runs the installed command from the project, and must find the file the user named.
describe('bridge install --tool-schemas with a relative path, run from another folder', () => {
  it('Claude Code: finds the project file, and the installed command finds it from a subfolder', async () => {
    const dir = project();
    const elsewhere = tempDir('schemas-elsewhere');
    const options = ['--tool-schemas', 'conf/schemas.json', '--invalid-rewrite', 'deny'];
    const install = await bridgeFrom(elsewhere, 'install', 'claude-code', dir, ...options);
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    const settings = join(dir, '.claude/settings.json');
    const command = installedCommand(settings, 'PreToolUse');
    expect(command).toContain('--tool-schemas "$CLAUDE_PROJECT_DIR"/conf/schemas.json');
    // Claude Code starts hooks in the session's folder, which follows the model's `cd`.
    const answer = runAsHost(
      command,
      join(dir, 'sub'),
      { CLAUDE_PROJECT_DIR: dir },
      {
        session_id: 's1',
        hook_event_name: 'PreToolUse',
        cwd: join(dir, 'sub'),
        tool_name: 'Edit',
        tool_input: { file_path: 'a.txt' },
        tool_use_id: 'toolu_1',
      },
    );
    expect(JSON.parse(answer).hookSpecificOutput?.permissionDecision).toBe('deny');
    const uninstall = await bridgeFrom(elsewhere, 'uninstall', 'claude-code', dir, ...options);
    expect(uninstall.code).toBe(0);
    expect(existsSync(settings)).toBe(false);
  });

  it('Copilot CLI: the command names the file from the project, and the bridge finds it wherever it starts', async () => {
    const dir = project();
    const elsewhere = tempDir('schemas-elsewhere');
    const install = await bridgeFrom(
      elsewhere,
      'install',
      'copilot-cli',
      dir,
      '--tool-schemas',
      'conf/schemas.json',
    );
    expect(install.code).toBe(0);
    const command = installedCommand(join(dir, '.github/hooks/agent-hooks.json'), 'preToolUse');
    expect(command).toContain('--tool-schemas conf/schemas.json');
    const payload = { sessionId: 's1', timestamp: 1, cwd: dir, toolName: 'edit', toolArgs: '{}' };
    for (const cwd of [dir, join(dir, 'sub')])
      expect(() => runAsHost(command, cwd, { COPILOT_PROJECT_DIR: dir }, payload)).not.toThrow();
  });

  it('refuses a file that is not in the project, naming where it looked and the file beside the shell', async () => {
    const dir = project();
    const elsewhere = makeTree({ 'mine.json': SCHEMAS }, 'schemas-elsewhere');
    const run = await bridgeFrom(elsewhere, 'install', 'claude-code', dir, '--tool-schemas', 'mine.json');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `--tool-schemas mine.json: there is no file ${join(dir, 'mine.json')} (a relative path is taken from the project, --cwd ${dir}), where a JSON object of tool name → input JSON Schema was expected; the folder you ran this in has ${join(elsewhere, 'mine.json')}: pass that path to use it`,
    );
    expect(existsSync(join(dir, '.claude'))).toBe(false);
    mkdirSync(join(dir, 'empty'));
    const none = await bridgeFrom(
      join(dir, 'empty'),
      'install',
      'claude-code',
      dir,
      '--tool-schemas',
      'no.json',
    );
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`; name it by its path from ${dir}, or by an absolute path`);
  });
});
