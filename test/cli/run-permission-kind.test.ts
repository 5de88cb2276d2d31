// Copilot CLI settles the `read` and `hook` permission kinds before any permissionRequest hook
// runs (seed 003, other-agents-hooks.md §1.5; issue 12 point 15): a one-hook project in
// .github/hooks/, then `agent-hooks run permissionRequest --profile copilot-cli --json`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const DENY = `cat >/dev/null; echo '{"behavior":"deny","message":"no"}'`;

async function runKind(kind: string): Promise<Record<string, any>> {
  const root = makeTree(
    {
      '.github/hooks/guard.json': {
        version: 1,
        hooks: { permissionRequest: [{ type: 'command', bash: DENY }] },
      },
      'in.json': { sessionId: 's', timestamp: 1, toolName: 'view', toolInput: { path: 'a' }, kind },
    },
    'permission-kind',
  );
  const args = ['run', 'permissionRequest', '--cwd', root, '--input', join(root, 'in.json')];
  const { code, stdout, stderr } = await runCliInProcess([
    ...args,
    '--no-user',
    '--json',
    '--profile',
    'copilot-cli',
    '--trust-folder',
  ]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

describe.concurrent('permission kinds settled before permissionRequest hooks (seed 003)', () => {
  it.each(['read', 'hook'])(
    'kind %s: no hook runs, each appears in skipped with the reason',
    async (kind) => {
      const r = await runKind(kind);
      expect(r.hooks).toEqual([]);
      expect(r.decision).toBeNull();
      expect(r.skipped).toHaveLength(1);
      expect(r.skipped[0].why).toBe(
        `the host settles permission kind "${kind}" before permissionRequest hooks run (seed 003)`,
      );
    },
  );

  it('kind shell: the hook runs and denies', async () => {
    const r = await runKind('shell');
    expect(r.hooks).toHaveLength(1);
    expect(r.decision).toBe('deny');
  });
});
