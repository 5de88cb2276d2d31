import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANNOT_RUN_AS_NOBODY, permissionsApply } from '../../helpers/as-nobody.ts';
import { spawnBuiltCli } from '../../helpers/cli.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { DRY_RUN_LINE, dryThenReal, refusedAlike } from './dry-run-runs.ts';

// `test --update --dry-run`: the diffs --update would write, no scenario file changed (docs/testing.md).

const GUARD = `#!/bin/sh
cat >/dev/null
echo "guard: no" >&2
exit 2
`;
const SETTINGS = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/guard.sh' }] },
    ],
  },
};
const SCENARIO = `cases:
  - name: wrongly expects an allow
    event: PreToolUse
    input: { tool_name: Bash, tool_input: { command: "ls" } }
    expect: { decision: allow }
`;

function project(prefix: string): string {
  const root = makeTree(
    { '.claude/settings.json': SETTINGS, 'guard.sh': GUARD, 'hooks.test.yaml': SCENARIO },
    prefix,
  );
  chmodSync(join(root, 'guard.sh'), 0o755);
  return root;
}

/** The report with each case's duration left out: two runs differ in nothing else. */
const mask = (report: string): string => report.replace(/\d+(\.\d+)? ?ms/g, 'N ms');

describe('test --update --dry-run', () => {
  it('prints the diff --update writes and the dry-run line, and leaves the scenario file as it was', async () => {
    const root = project('test-dry');
    const args = ['test', '--cwd', root, '--update'];
    const { dry, real } = await dryThenReal(root, args);
    expect(real.code).toBe(0);
    const recorded = mask(real.stdout).replace(
      'expectations recorded',
      'expectations to record (dry run: not written)',
    );
    expect(mask(dry.stdout)).toBe(`${recorded}${DRY_RUN_LINE}`);
    expect(dry.stdout).toContain('-    expect: { decision: allow }\n+    expect:\n+      decision: deny\n');
    expect(real.stdout).toContain('expectations recorded');
  });

  it('with a machine reporter the diff and the dry-run line go to stderr, stdout is the report', async () => {
    const root = project('test-dry-tap');
    const { dry, real } = await dryThenReal(root, ['test', '--cwd', root, '--update', '--reporter', 'tap']);
    expect(mask(dry.stdout)).toBe(mask(real.stdout));
    expect(dry.stderr).toBe(`${real.stderr}${DRY_RUN_LINE}`);
  });

  it('--dry-run without --update is a usage error: test writes nothing then anyway', async () => {
    const root = project('test-dry-idle');
    const run = await spawnBuiltCli(['test', '--cwd', root, '--dry-run']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('test --dry-run: test writes files only with --update');
  });

  it.skipIf(CANNOT_RUN_AS_NOBODY)(
    'a scenario file this user may not write: refused as --update refuses it',
    async () => {
      const root = project('test-dry-perm');
      const user = permissionsApply(root);
      chmodSync(join(root, 'hooks.test.yaml'), 0o444);
      const run = await refusedAlike(root, ['test', '--cwd', root, '--update'], user);
      expect(run.stderr).toContain('this user may not write it (EACCES)');
    },
  );
});
