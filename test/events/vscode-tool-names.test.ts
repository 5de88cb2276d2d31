import { describe, expect, it } from 'vitest';
import {
  claudeCallToVscode,
  claudeInputToVscode,
  vscodeCallToClaude,
  vscodeInputToClaude,
} from '../../src/events/vscode-tool-names.ts';

describe('VS Code tool names and keys ↔ Claude (src/events/vscode-tool-names.ts)', () => {
  it('renames the mapped keys, keeps the others and their order, and goes back to the same call', () => {
    const vscode = {
      name: 'read_file',
      input: { filePath: '/p/a.ts', startLine: 1, endLine: 20 },
    };
    const claude = vscodeCallToClaude(vscode);
    // startLine/endLine are a range, not Claude's offset/limit: left as they are.
    expect(claude).toEqual({ name: 'Read', input: { file_path: '/p/a.ts', startLine: 1, endLine: 20 } });
    expect(Object.keys(claude.input as object)).toEqual(['file_path', 'startLine', 'endLine']);
    expect(claudeCallToVscode(claude)).toEqual(vscode);
    expect(claudeInputToVscode('read_file', claude.input)).toEqual(vscode.input);
    expect(vscodeInputToClaude('Read', vscode.input)).toEqual(claude.input);
  });

  it('keeps a key whose new name is already in the input, and leaves unknown tools and non-objects alone', () => {
    expect(vscodeCallToClaude({ name: 'create_file', input: { filePath: 'a', file_path: 'b' } })).toEqual({
      name: 'Write',
      input: { filePath: 'a', file_path: 'b' },
    });
    const unknown = { name: 'get_errors', input: { filePaths: ['a'] } };
    expect(vscodeCallToClaude(unknown)).toBe(unknown);
    expect(claudeCallToVscode({ name: 'WebFetch', input: {} })).toEqual({ name: 'WebFetch', input: {} });
    expect(vscodeCallToClaude({ name: 'run_in_terminal', input: 'ls' })).toEqual({
      name: 'Bash',
      input: 'ls',
    });
  });
});
