// Every handler that would have matched but did not run is in `run --json` `skipped` with its
// reason, not only in `list` (issue 12 "A result a host can act on").
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';

const BASH_CALL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
const MARK = 'touch "$CLAUDE_PROJECT_DIR/ran"';

async function run(root: string, extra: string[] = []): Promise<Record<string, any>> {
  const args = ['run', 'PreToolUse', '--cwd', root, '--input', join(root, 'in.json'), '--no-user', '--json'];
  const { code, stdout, stderr } = await runCliInProcess([...args, ...extra]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

function project(settings: Record<string, unknown>): string {
  return makeTree({ '.claude/settings.json': settings, 'in.json': BASH_CALL }, 'run-skipped');
}

function guard(matcher: string, hook: Record<string, unknown> = { type: 'command', command: MARK }) {
  return { PreToolUse: [{ matcher, hooks: [hook] }] };
}

describe.concurrent('run --json skipped (issue 12)', () => {
  it('disableAllHooks: the hook that would match is skipped with the reason; one that would not match is listed for its matcher', async () => {
    const root = project({
      disableAllHooks: true,
      hooks: { ...guard('Bash'), PostToolUse: guard('Bash').PreToolUse },
    });
    const other = { PreToolUse: [...guard('Bash').PreToolUse, ...guard('Write').PreToolUse] };
    const root2 = project({ disableAllHooks: true, hooks: other });
    const r = await run(root);
    expect(r.hooks).toEqual([]);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].why).toMatch(/^disableAllHooks is true in project settings .*settings\.json/);
    expect(r.skipped[0].source.pointer).toBe('/hooks/PreToolUse/0/hooks/0');
    // The CLI explains every handler left out: the Write guard because its matcher does not match.
    const r2 = await run(root2);
    const whys = Object.fromEntries(
      r2.skipped.map((s: { source: { pointer: string }; why: string }) => [s.source.pointer, s.why]),
    );
    expect(whys['/hooks/PreToolUse/0/hooks/0']).toMatch(/^disableAllHooks is true/);
    expect(whys['/hooks/PreToolUse/1/hooks/0']).toMatch(/^matcher .*does not match "Bash"/);
  });

  it('the HTTP URL allowlist: an http hook whose URL is not allowed is skipped with the pattern list', async () => {
    const hook = { type: 'http', url: 'http://127.0.0.1:9/hook' };
    const root = project({ allowedHttpHookUrls: ['http://127.0.0.1:8080/*'], hooks: guard('Bash', hook) });
    const r = await run(root);
    expect(r.hooks).toEqual([]);
    expect(r.skipped).toEqual([
      {
        source: expect.objectContaining({ pointer: '/hooks/PreToolUse/0/hooks/0' }),
        why: 'URL http://127.0.0.1:9/hook matches no allowedHttpHookUrls pattern (http://127.0.0.1:8080/*)',
      },
    ]);
  });

  it('VS Code: Claude-format hooks without chat.useClaudeHooks are skipped with that reason', async () => {
    const root = project({ hooks: guard('Bash') });
    const r = await run(root, ['--profile', 'vscode']);
    expect(r.hooks).toEqual([]);
    expect(r.skipped.map((s: { why: string }) => s.why)).toEqual([
      'Claude-format hooks run in VS Code only with chat.useClaudeHooks',
    ]);
  });

  it('untrusted project hooks under --require-trust are skipped with the reason', async () => {
    const root = project({ hooks: guard('Bash') });
    const trustFile = join(tempDir('run-skipped-trust'), 'trust.json');
    const r = await run(root, ['--require-trust', '--trust-file', trustFile]);
    expect(r.hooks).toEqual([]);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].why).toMatch(/^untrusted project hook: /);
  });
});
