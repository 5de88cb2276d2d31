import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

/** A guard that reads the snake_case payload, as most Claude Code hook scripts do. */
const GUARD = `#!/bin/sh
node -e 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{const c=((JSON.parse(s).tool_input)||{}).command||"";if(/rm -rf/.test(c)){console.error("blocked: "+c);process.exit(2)}})'
`;
const SETTINGS = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
      },
    ],
  },
};
const RM = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

function claudeProject(settings: object = SETTINGS): string {
  const dir = tempDir('convert-payload');
  writeFile(dir, '.claude/settings.json', JSON.stringify(settings, null, 2));
  chmodSync(writeFile(dir, '.claude/hooks/guard.sh', GUARD), 0o755);
  return dir;
}

// Issue 14, trap 2: convert to Copilot turned a working guard off.
describe('convert --to copilot keeps the payload form the scripts read', () => {
  it('picks PascalCase keys for a snake_case guard, and the converted project still denies rm -rf', async () => {
    const dir = claudeProject();
    const out = join(dir, '.github/hooks/guard.json');
    const run = await runCliInProcess([
      'convert',
      join(dir, '.claude/settings.json'),
      '--to',
      'copilot',
      '--out',
      out,
    ]);
    expect(run.stderr).toMatch(
      /payload: PascalCase event keys, so Copilot sends the snake_case fields .* \.claude\/hooks\/guard\.sh/,
    );
    expect(run.code).toBe(0);
    rmSync(join(dir, '.claude/settings.json'));
    const denied = await runCliInProcess([
      'run',
      'PreToolUse',
      '--profile',
      'copilot-cli',
      '--trust-folder',
      '--cwd',
      dir,
      '--no-user',
      '--json',
      '--input',
      RM,
    ]);
    const result = JSON.parse(denied.stdout);
    expect(result.hooks).toHaveLength(1);
    expect(result.decision).toBe('deny');
  });

  it('forcing camelCase keys on a snake_case guard is a decision-changing lossy step: exit 1, nothing written', async () => {
    const dir = claudeProject();
    const out = join(dir, '.github/hooks/guard.json');
    const run = await runCliInProcess([
      'convert',
      join(dir, '.claude/settings.json'),
      '--to',
      'copilot',
      '--copilot-keys',
      'camel',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/they would see no tool input and allow every call/);
    expect(run.stderr).toMatch(/not written: \d+ lossy step\(s\) can change a decision/);
  });

  it('refuses when the scripts read both forms, naming them', async () => {
    const dir = claudeProject({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
          },
          { hooks: [{ type: 'command', command: 'jq -r .toolName' }] },
        ],
      },
    });
    const run = await runCliInProcess(['convert', join(dir, '.claude/settings.json'), '--to', 'copilot']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /not converting .*guard\.sh but camelCase fields \(toolArgs, toolName\) in jq -r \.toolName/,
    );
  });

  it('reports a host variable the target does not set as a lossy step that can change a decision', async () => {
    const dir = claudeProject({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: '"$CLAUDE_PLUGIN_ROOT"/check.sh' }] }] },
    });
    const run = await runCliInProcess(['convert', join(dir, '.claude/settings.json'), '--to', 'copilot']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/\$CLAUDE_PLUGIN_ROOT is not set by the copilot host/);
    const accepted = await runCliInProcess([
      'convert',
      join(dir, '.claude/settings.json'),
      '--to',
      'copilot',
      '--accept-lossy',
    ]);
    expect(accepted.code).toBe(0);
  });
});
