// `agent-hooks validate --profile vscode --kind claude-settings FILE`: the explicit kind takes the
// reading the profile's host gives that kind (readingFor), as an inline source of that kind does:
// VS Code reads a Claude settings file by its own rules (other-agents-hooks.md §2.4 steps 1, 3, 4, 7),
// whatever the file is called. The built CLI, run as a process.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

/** Claude settings with keys VS Code does not read: a matcher, `async`, `if`, an http hook, an allow-list. */
const CLAUDE = {
  allowedHttpHookUrls: ['https://hooks.example.test/*'],
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command', command: 'true', async: true, if: 'Bash(rm *)' },
          { type: 'http', url: 'http://127.0.0.1:9/hook' },
        ],
      },
    ],
  },
};

interface Said {
  code: string;
  line?: number;
  column?: number;
  message: string;
}

async function validate(cwd: string, args: string[]): Promise<Said[]> {
  const run = await spawnBuiltCli(['validate', '--profile', 'vscode', '--json', ...args], { cwd });
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Said[] };
  return diagnostics.map(({ code, line, column, message }) => ({ code, line, column, message }));
}

describe('validate --profile vscode --kind claude-settings', () => {
  it('reads the file as VS Code reads .claude/settings.json, not as Claude Code does', async () => {
    const root = makeTree({ '.claude/settings.json': CLAUDE, 'team/guard.json': CLAUDE }, 'validate-kind');
    const byPath = await validate(root, ['.claude/settings.json']);
    const byKind = await validate(root, ['--kind', 'claude-settings', join('team', 'guard.json')]);
    expect(byPath.map((d) => d.code)).toContain('CONFIG_UNSUPPORTED_BY_HOST');
    expect(byKind).toEqual(byPath);
  });
});
