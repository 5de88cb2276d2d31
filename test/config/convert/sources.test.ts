import { describe, expect, it } from 'vitest';
import { convertConfig, detectConfigKind } from '../../../src/config/convert/index.ts';

const AGENT_MD = `---
name: reviewer
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ./check.sh
          if: Bash(git *)
---
Body text.
`;

describe('convert skill/agent frontmatter (claude-code-hooks.md §1)', () => {
  it('to Copilot, with lossy steps located in the markdown file', () => {
    const result = convertConfig(AGENT_MD, 'frontmatter', 'copilot', { file: 'reviewer.agent.md' });
    expect(result.diagnostics).toEqual([]);
    expect(JSON.parse(result.text).hooks).toEqual({
      preToolUse: [{ type: 'command', bash: './check.sh', matcher: 'bash|powershell' }],
    });
    const ifStep = result.lossy.find((step) => step.field === 'if');
    expect(ifStep).toMatchObject({
      file: 'reviewer.agent.md',
      pointer: '/hooks/PreToolUse/0/hooks/0/if',
      line: 9,
    });
  });
});

describe('detectConfigKind', () => {
  it.each([
    ['/p/.claude/settings.json', '{"hooks":{}}', 'claude-settings'],
    ['/p/.github/copilot/settings.json', '{"hooks":{}}', 'copilot-settings'],
    ['/p/x.agent.md', '---\n---\n', 'frontmatter'],
    ['/p/.github/hooks/a.json', '{"version":1,"hooks":{}}', 'copilot-hooks-file'],
    ['/p/a.json', '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x"}]}]}}', 'claude-settings'],
    ['/p/a.json', '{"hooks":{"Stop":[{"type":"command","command":"x"}]}}', 'vscode-hooks'],
  ])('%s %s → %s', (file, text, kind) => {
    expect(detectConfigKind(file, text)).toBe(kind);
  });
});

describe('convert input errors', () => {
  it('reports the reader diagnostics and writes what loaded', () => {
    const text =
      '{ "hooks": { "Stop": [{ "hooks": [{ "type": "comand", "command": "x" }, { "type": "command", "command": "y" }] }] } }';
    const result = convertConfig(text, 'claude-settings', 'vscode');
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics[0]?.severity).toBe('error');
    expect(JSON.parse(result.text)).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/vscode-hooks.schema.json',
      hooks: { Stop: [{ type: 'command', command: 'y' }] },
    });
  });
});
