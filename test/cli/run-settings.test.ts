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
