// `--settings` takes a file or a JSON text, as Claude Code's does (claude-code-hooks.md §6.4). The
// CLI used to resolve a JSON text as a path, so its hooks were silently not loaded (issue 13).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const BASH_CALL = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_1' };
const DENY = 'echo "refused by --settings" >&2; exit 2';
const GUARD = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: DENY }] }] } };

async function run(root: string, settings: string): Promise<Record<string, any>> {
  const args = ['run', 'PreToolUse', '--cwd', root, '--input', join(root, 'in.json'), '--no-user', '--json'];
  const { code, stdout, stderr } = await runCliInProcess([...args, '--settings', settings]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

describe.concurrent('run --settings', () => {
  it('a JSON text is loaded as cli-scope settings and its guard denies', async () => {
    const root = makeTree({ 'in.json': BASH_CALL }, 'settings-inline');
    const r = await run(root, JSON.stringify(GUARD));
    expect(r.decision).toBe('deny');
    expect(r.hooks).toHaveLength(1);
    expect(r.hooks[0].source.scope).toBe('cli');
  });

  it('a JSON text with disableAllHooks turns the project hooks off for one run', async () => {
    const root = makeTree({ '.claude/settings.json': GUARD, 'in.json': BASH_CALL }, 'settings-off');
    const r = await run(root, '{"disableAllHooks": true}');
    expect(r.decision).toBeNull();
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].why).toMatch(/disableAllHooks/);
  });

  it('a file is still read relative to the working directory', async () => {
    const root = makeTree({ 'extra.json': GUARD, 'in.json': BASH_CALL }, 'settings-file');
    const r = await run(root, join(root, 'extra.json'));
    expect(r.decision).toBe('deny');
  });
});

// Claude Code refuses to start on a `--settings` file that is not there ("Settings file not
// found"); `run` used to report it only as a `missing` location and exit 0 with no hook run, so a
// typo in the path silently dropped the guard it named.
describe('run --settings with a file that does not exist', () => {
  it('is CONFIG_SETTINGS_FILE_NOT_FOUND and exit 1, with --json and without', async () => {
    const root = makeTree({ 'in.json': BASH_CALL }, 'settings-missing');
    const args = ['run', 'PreToolUse', '--cwd', root, '--input', join(root, 'in.json'), '--no-user'];
    const typo = join(root, 'gaurd.json');
    const json = await runCliInProcess([...args, '--json', '--settings', typo]);
    expect(json.code).toBe(1);
    const diagnostics = JSON.parse(json.stdout).diagnostics as { code: string; file: string }[];
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ code: 'CONFIG_SETTINGS_FILE_NOT_FOUND', file: typo }),
    );
    const human = await runCliInProcess([...args, '--settings', typo]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain(`Settings file not found: ${typo}`);
  });

  it('validate names it as an error too', async () => {
    const root = makeTree({ 'in.json': BASH_CALL }, 'settings-missing-validate');
    const r = await runCliInProcess(['validate', '--cwd', root, '--no-user', '--settings', 'nope.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('CONFIG_SETTINGS_FILE_NOT_FOUND');
  });
});
