// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${path}` references are the syntax under test
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectMcpServers } from '../../../src/runners/mcp/mcp-config.ts';
import { substituteToolInput } from '../../../src/runners/mcp/substitute-input.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const hookInput = { tool_name: 'Edit', tool_input: { file_path: '/p/a.ts', lines: [1, 2] }, n: 0 };

// claude-code-hooks.md §4.4: string values of `input` support `${path}` from the hook input.
describe('substituteToolInput', () => {
  it.each<[string, unknown, unknown]>([
    ['a whole-string reference keeps the string', '${tool_input.file_path}', '/p/a.ts'],
    ['a whole-string reference keeps JSON types', '${tool_input.lines}', [1, 2]],
    ['zero stays zero', '${n}', 0],
    [
      'embedded strings verbatim',
      'edit of ${tool_input.file_path} by ${tool_name}',
      'edit of /p/a.ts by Edit',
    ],
    ['embedded non-strings as JSON', 'lines=${tool_input.lines}', 'lines=[1,2]'],
    ['missing paths are empty', 'x${nope.deeper}y', 'xy'],
    ['a missing whole reference is empty', '${nope}', ''],
    ['non-strings untouched', 42, 42],
    ['nested objects and arrays', { a: ['${tool_name}', { b: '${n}' }] }, { a: ['Edit', { b: 0 }] }],
    ['$name without braces untouched', '$tool_name', '$tool_name'],
  ])('%s', (_name, template, expected) => {
    expect(substituteToolInput(template, hookInput)).toEqual(expected);
  });
});

describe('readProjectMcpServers (.mcp.json)', () => {
  it('reads stdio and http servers, expands ${VAR} and ${VAR:-default}, reports unsupported ones', async () => {
    const dir = tempDir('mcpjson');
    writeFileSync(
      join(dir, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          lint: { command: '${BIN}', args: ['--port', '${PORT:-7}'], env: { TOKEN: '${TOKEN}' } },
          web: { type: 'http', url: 'http://127.0.0.1:${PORT:-7}/mcp', headers: { 'x-k': '${TOKEN}' } },
          old: { type: 'sse', url: 'http://127.0.0.1:1/sse' },
        },
      }),
    );
    const r = await readProjectMcpServers(dir, { BIN: '/usr/bin/lint', TOKEN: 't0' });
    expect(r.servers).toEqual({
      lint: { command: '/usr/bin/lint', args: ['--port', '7'], env: { TOKEN: 't0' } },
      web: { type: 'http', url: 'http://127.0.0.1:7/mcp', headers: { 'x-k': 't0' } },
    });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toContain('"old"');
  });

  it('a missing file is no servers and no problem', async () => {
    expect(await readProjectMcpServers(join(tmpdir(), 'no-such-dir-agent-hooks'), {})).toEqual({
      servers: {},
      problems: [],
    });
  });
});
