import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { builtBinPath, runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const BIN = `node ${builtBinPath()}`;
const REWRITE = join(REPO_ROOT, 'test/fixtures/bridge/rewrite.mjs');

/** Claude's Edit input, closed: a rewrite that adds a key does not match it. */
const SCHEMAS = {
  Edit: {
    type: 'object',
    required: ['file_path'],
    additionalProperties: false,
    properties: {
      file_path: { type: 'string' },
      old_string: { type: 'string' },
      new_string: { type: 'string' },
    },
  },
};

/** A project whose Copilot-format hook rewrites every call by adding a key `extra`. */
function project(): string {
  return makeTree(
    {
      'schemas.json': SCHEMAS,
      '.github/hooks/rewrite.json': {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: `node ${REWRITE} copilot extra` }] },
      },
    },
    'install-options',
  );
}

function preToolUseCommand(dir: string): string {
  const settings = parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8')) as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  return String(settings.hooks.PreToolUse?.at(-1)?.hooks[0]?.command);
}

/** Runs the installed command as Claude Code does: a shell in the project, CLAUDE_PROJECT_DIR set. */
function asClaudeCode(dir: string, command: string): Record<string, unknown> {
  const payload = {
    session_id: 's1',
    hook_event_name: 'PreToolUse',
    cwd: dir,
    tool_name: 'Edit',
    tool_input: { file_path: 'a.txt', old_string: 'a', new_string: 'b' },
    tool_use_id: 'toolu_1',
  };
  const out = execFileSync('/bin/sh', ['-c', command], {
    cwd: dir,
    input: JSON.stringify(payload),
    env: { ...process.env, CLAUDE_PROJECT_DIR: dir, XDG_STATE_HOME: join(dir, '.state') },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, unknown>;
}

/** `bridge install|uninstall --host claude-code --cwd dir …more`, in process. */
function bridgeCli(verb: 'install' | 'uninstall', dir: string, ...more: string[]) {
  return runCliInProcess(['bridge', verb, '--host', 'claude-code', '--cwd', dir, ...more]);
}

// `bridge install` writes the bridge's --tool-schemas and --invalid-rewrite into the command it
// installs, so the host's calls are checked as `agent-hooks bridge --tool-schemas …` checks them.
describe('bridge install --tool-schemas / --invalid-rewrite', () => {
  it('installs a command that checks rewrites against the schemas and denies a bad one', async () => {
    const dir = project();
    const schemas = join(dir, 'schemas.json');
    const options = ['--tool-schemas', schemas, '--invalid-rewrite', 'deny'];
    const install = await bridgeCli('install', dir, '--command', BIN, ...options);
    expect(install.code).toBe(0);
    const command = preToolUseCommand(dir);
    // Relative to the project, from $CLAUDE_PROJECT_DIR: the entry works in every clone and subfolder.
    expect(command).toBe(
      `${BIN} bridge --host claude-code --tool-schemas "$CLAUDE_PROJECT_DIR"/schemas.json --invalid-rewrite deny`,
    );
    const answer = asClaudeCode(dir, command) as { hookSpecificOutput?: { permissionDecision?: string } };
    expect(answer.hookSpecificOutput?.permissionDecision).toBe('deny');

    const uninstall = await bridgeCli('uninstall', dir, '--command', BIN, ...options);
    expect(uninstall.code).toBe(0);
    expect(() => readFileSync(join(dir, '.claude/settings.json'))).toThrow(/ENOENT/);
  });

  it('without the options the same rewrite is used, and a second install with other options is called out', async () => {
    const dir = project();
    expect((await bridgeCli('install', dir, '--command', BIN)).code).toBe(0);
    const answer = asClaudeCode(dir, preToolUseCommand(dir)) as {
      hookSpecificOutput?: { permissionDecision?: string; updatedInput?: Record<string, unknown> };
    };
    expect(answer.hookSpecificOutput?.updatedInput).toMatchObject({
      file_path: 'a.txt',
      extra: 'safe/undefined',
    });
    const second = await bridgeCli('install', dir, '--command', BIN, '--invalid-rewrite', 'deny');
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(
      `also holds "${BIN} bridge --host claude-code", which routes the same events to the bridge`,
    );
  });

  it('refuses a schema file it cannot use, and writes nothing', async () => {
    const dir = project();
    const bad = await bridgeCli('install', dir, '--tool-schemas', join(dir, 'missing.json'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`there is no file ${join(dir, 'missing.json')}`);
    expect(() => readFileSync(join(dir, '.claude/settings.json'))).toThrow(/ENOENT/);
  });
});
