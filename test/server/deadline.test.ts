import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerInternals } from '../../src/server/start-server.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, serveConfigDir } from './fixtures.ts';

// The deadline answer when some hooks have decided and others are still running.

let config: ConfigDir;
let server: ServerInternals;

beforeAll(async () => {
  config = makeConfigDir();
  const never = join(config.dir, 'never-created');
  // Two guards on Bash: one denies `rm -rf` at once, the other waits on everything for ever.
  const settings = {
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            {
              type: 'command',
              command:
                'case "$(cat)" in *"rm -rf"*) echo "the quick guard says no" >&2; exit 2;; esac; exit 0',
            },
            { type: 'command', command: `cat >/dev/null; while [ ! -e '${never}' ]; do sleep 0.02; done` },
          ],
        },
      ],
    },
  };
  writeFileSync(join(config.dir, 'teams', 'payments', '.claude', 'settings.json'), JSON.stringify(settings));
  server = await serveConfigDir(config);
});

afterAll(async () => {
  await server?.close();
  rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: the deadline after a hook has denied', () => {
  it('answers the deny that had arrived, not 504, since no slower hook can undo a deny', async () => {
    // claude-code-hooks.md §3.3: a hook that times out is a non-blocking error; the others'
    // decisions stand, and deny takes precedence over every other decision.
    const started = Date.now();
    const answer = await post(
      `${server.url}/hooks/claude-code/PreToolUse?timeout=1`,
      claudePreToolUse('rm -rf /'),
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect({ status: answer.status, json: answer.json }).toEqual({
      status: 200,
      json: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'the quick guard says no',
        },
      },
    });
  });

  it('still answers 504 when nothing that decided blocks', async () => {
    const answer = await post(`${server.url}/hooks/claude-code/PreToolUse?timeout=1`, claudePreToolUse('ls'));
    expect(answer.status).toBe(504);
  });
});
