import { describe, expect, it } from 'vitest';
import { guessKind } from '../../../src/config/discovery/index.ts';

const copilotText = JSON.stringify({ version: 1, hooks: { preToolUse: [] } });
const claudeText = JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [] }] } });
const camelFlat = JSON.stringify({ hooks: { preToolUse: [{ type: 'command', bash: 'x' }] } });

describe('guessKind (validate FILE)', () => {
  it.each([
    ['/r/.claude/settings.json', '{}', 'claude-code', 'claude-settings'],
    ['/r/.claude/settings.local.json', '{}', 'copilot-cli', 'claude-settings'],
    ['/r/.github/copilot/settings.json', '{}', 'claude-code', 'copilot-settings'],
    ['/home/u/.copilot/settings.json', '{}', 'copilot-cli', 'copilot-settings'],
    ['/etc/claude-code/managed-settings.json', '{}', 'copilot-cli', 'claude-settings'],
    ['/p/hooks/hooks.json', '{}', 'claude-code', 'claude-plugin-hooks'],
    ['/r/.claude/skills/x/SKILL.md', '', 'claude-code', 'frontmatter'],
    ['/r/.github/agents/a.agent.md', '', 'vscode', 'frontmatter'],
    ['/r/.github/hooks/a.json', copilotText, 'claude-code', 'copilot-hooks-file'],
    ['/r/x.json', claudeText, 'copilot-cli', 'claude-settings'],
    ['/r/x.json', camelFlat, 'claude-code', 'copilot-hooks-file'],
    ['/r/x.json', 'not json', 'copilot-cli', 'copilot-hooks-file'],
    ['/r/x.json', 'not json', 'claude-code', 'claude-settings'],
    ['/r/.claude/settings.json', claudeText, 'vscode', 'claude-settings'],
    ['/r/.github/hooks/a.json', copilotText, 'vscode', 'copilot-hooks-file'],
    [
      '/r/.github/hooks/a.json',
      JSON.stringify({ hooks: { PreToolUse: [{ command: 'x' }] } }),
      'vscode',
      'vscode-hooks',
    ],
  ] as const)('%s (%s, profile %s) → %s', (file, text, profile, kind) => {
    expect(guessKind(file, text, profile)).toBe(kind);
  });
});
