import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertCommand } from '../../src/cli/commands/convert.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const CLAUDE = `{
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh", "timeout": 20 }] }]
  }
}
`;

function capture() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: (t: string) => {
        out.stdout += t;
      },
      stderr: (t: string) => {
        out.stderr += t;
      },
    },
  };
}

describe('agent-hooks convert (in-process)', () => {
  it('detects a Claude file by its path and writes VS Code to --out, lossy steps on stderr', () => {
    const dir = tempDir('cli-convert');
    const file = writeFile(dir, '.claude/settings.json', CLAUDE);
    const out = join(dir, 'hooks.json');
    const { out: streams, io } = capture();
    expect(
      convertCommand(file, { to: 'vscode', out, json: false, copilotKeys: 'camel', acceptLossy: true }, io),
    ).toBe(0);
    expect(streams.stdout).toMatch(/^--- \/dev\/null\n\+\+\+ /);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/vscode-hooks.schema.json',
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 20 }] }],
      },
    });
    expect(streams.stderr).toContain(':3:22 /hooks/PreToolUse/0/matcher: lossy: VS Code ignores matchers');
  });

  it('--json prints one object with text, lossy and diagnostics', () => {
    const dir = tempDir('cli-convert');
    const file = writeFile(dir, 'any.json', CLAUDE);
    const { out, io } = capture();
    expect(
      convertCommand(
        file,
        { to: 'copilot', from: 'claude-settings', json: true, copilotKeys: 'camel', acceptLossy: true },
        io,
      ),
    ).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json.from).toBe('claude-settings');
    expect(JSON.parse(json.text).hooks.preToolUse).toEqual([
      { type: 'command', bash: './guard.sh', timeoutSec: 20, matcher: 'bash|powershell' },
    ]);
    expect(json.lossy).toHaveLength(1);
    expect(json.diagnostics).toEqual([]);
  });

  it('exits 1 when the input has errors', () => {
    const dir = tempDir('cli-convert');
    const file = writeFile(dir, '.claude/settings.json', '{ "hooks": ');
    const { out, io } = capture();
    expect(
      convertCommand(file, { to: 'copilot', json: false, copilotKeys: 'camel', acceptLossy: true }, io),
    ).toBe(1);
    expect(out.stderr).toContain('CONFIG_INVALID_JSON');
  });
});

describe('agent-hooks convert (the whole program)', () => {
  it('converts a Copilot file to Claude on stdout', async () => {
    const dir = tempDir('cli-convert');
    const file = writeFile(
      dir,
      '.github/hooks/a.json',
      '{ "version": 1, "hooks": { "agentStop": [{ "bash": "./s.sh", "timeoutSec": 9 }] } }',
    );
    // The hooks would get another payload form: a lossy step that can change a decision.
    const refused = await runCliInProcess(['convert', file, '--to', 'claude']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/1 of them can change a decision: exit 1 \(pass --accept-lossy/);
    const result = await runCliInProcess(['convert', file, '--to', 'claude', '--accept-lossy']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
      hooks: { Stop: [{ hooks: [{ type: 'command', command: './s.sh', timeout: 9 }] }] },
    });
    expect(result.stderr).toContain('lossy: the hooks will receive snake_case input');
  });
});
