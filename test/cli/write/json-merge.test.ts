import { describe, expect, it } from 'vitest';
import { type JsonMerge, mergeHookConfig } from '../../../src/cli/write/json-merge.ts';
import { mergeSchemaSettings } from '../../../src/cli/write/settings-merge.ts';

const STOP = { type: 'command', command: 'x' };
const hooks = (event: string, entry: unknown = { hooks: [STOP] }) => ({ hooks: { [event]: [entry] } });

function merged(text: string, incoming: Record<string, unknown>): string {
  const result = mergeHookConfig(text, incoming);
  if (typeof result === 'string') throw new Error(result);
  return result.text;
}

describe('the merge adds text and changes no byte of what is there', () => {
  it('keeps a one-line value next to the key it adds (it was re-formatted to five lines)', () => {
    const before = '{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n';
    const after = merged(before, hooks('Stop'));
    expect(
      after.startsWith('{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "hooks": {\n    "Stop": [\n'),
    ).toBe(true);
    expect(JSON.parse(after).hooks.Stop).toEqual([{ hooks: [STOP] }]);
  });

  it("appends after a one-line entry on the same line, leaving the user's entry as it was", () => {
    const before =
      '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo a" }] }]\n  }\n}\n';
    const after = merged(before, hooks('Stop'));
    expect(after).toBe(
      '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo a" }] }, {"hooks":[{"type":"command","command":"x"}]}]\n  }\n}\n',
    );
  });

  it('puts the comma before a comment that ends the last line, and keeps the comment there', () => {
    const after = merged('{\n  "model": "opus",\n  "x": 1 // trailing\n}\n', hooks('Stop'));
    expect(after.startsWith('{\n  "model": "opus",\n  "x": 1, // trailing\n  "hooks": {')).toBe(true);
  });

  it('keeps a comment inside an empty object, and tabs and CRLF line ends', () => {
    expect(merged('{ // nothing yet\n}\n', hooks('Stop')).startsWith('{ // nothing yet\n  "hooks": {')).toBe(
      true,
    );
    expect(merged('{\r\n\t"a": 1\r\n}\r\n', { hooks: { Stop: [2] } })).toBe(
      '{\r\n\t"a": 1,\r\n\t"hooks": {\r\n\t\t"Stop": [\r\n\t\t\t2\r\n\t\t]\r\n\t}\r\n}\r\n',
    );
  });

  it('adds an event to an existing hooks object after its last event', () => {
    const before = '{\n  "hooks": {\n    "Stop": []\n  }\n}\n';
    expect(merged(before, hooks('PreToolUse', 1))).toBe(
      '{\n  "hooks": {\n    "Stop": [],\n    "PreToolUse": [\n      1\n    ]\n  }\n}\n',
    );
  });

  it('editor settings keep their one-line neighbours too', () => {
    const before =
      '{\n  "editor.rulers": [80, 100],\n  "json.schemas": [{ "url": "a", "fileMatch": ["a.json"] }]\n}\n';
    const result = mergeSchemaSettings(before, {
      'json.schemas': [{ url: 'b', fileMatch: ['b.json'] }],
      'yaml.schemas': { b: 'b.yml' },
    }) as JsonMerge;
    expect(result.text).toBe(
      '{\n  "editor.rulers": [80, 100],\n  "json.schemas": [{ "url": "a", "fileMatch": ["a.json"] }, {"url":"b","fileMatch":["b.json"]}],\n  "yaml.schemas": {\n    "b": "b.yml"\n  }\n}\n',
    );
  });
});
