import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ReadOptions, readConfig } from '../../../src/config/read-config.ts';

const FIXTURES = new URL('../../fixtures/config/claude/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

function read(name: string, extra: Partial<ReadOptions> = {}) {
  return readConfig({ file: name, text: fixture(name), kind: 'claude-settings', scope: 'project', ...extra });
}

function find(result: ReturnType<typeof read>, code: string, pointer: string) {
  const found = result.diagnostics.find((entry) => entry.code === code && entry.pointer === pointer);
  expect(found, `${code} at ${pointer}`).toBeDefined();
  return found!;
}

describe('Claude settings reader: diagnostics with exact locations (claude-code-hooks.md §1, §4)', () => {
  const result = read('mistakes.json');

  it('warns on a camelCase event key in a Claude file and suggests PreToolUse', () => {
    const found = find(result, 'CONFIG_UNKNOWN_EVENT', '/hooks/preToolUse');
    expect(found).toMatchObject({
      severity: 'warning',
      line: 3,
      column: 5,
      suggestion: 'PreToolUse',
      found: 'preToolUse',
    });
    expect(found.file).toBe('mistakes.json');
  });

  it('reports type "comand" as an error with a did-you-mean, and skips only that handler', () => {
    const found = find(result, 'CONFIG_UNKNOWN_HANDLER_TYPE', '/hooks/PreToolUse/0/hooks/0/type');
    expect(found).toMatchObject({
      severity: 'error',
      line: 10,
      column: 21,
      suggestion: 'command',
      found: '"comand"',
    });
    expect(found.expected).toContain('command');
    const pointers = result.handlers.map((handler) => handler.source.pointer);
    expect(pointers).not.toContain('/hooks/PreToolUse/0/hooks/0');
    expect(pointers).toContain('/hooks/PreToolUse/0/hooks/3');
  });

  it('warns on timeoutSec in a Claude file and suggests timeout; the handler still loads', () => {
    const found = find(result, 'CONFIG_UNKNOWN_KEY', '/hooks/PreToolUse/0/hooks/1/timeoutSec');
    expect(found).toMatchObject({ severity: 'warning', line: 11, column: 55, suggestion: 'timeout' });
    const handler = result.handlers.find((entry) => entry.source.pointer === '/hooks/PreToolUse/0/hooks/1');
    expect(handler?.timeoutMs).toBeUndefined();
  });

  it('warns that a timeout of 30000 seconds was probably meant as milliseconds', () => {
    const found = find(result, 'CONFIG_TIMEOUT_UNIT', '/hooks/PreToolUse/0/hooks/2/timeout');
    expect(found).toMatchObject({
      severity: 'warning',
      line: 12,
      column: 65,
      found: '30000',
      suggestion: '30',
    });
  });

  it('rejects an invalid regex matcher and skips the handlers it guards', () => {
    const found = find(result, 'CONFIG_INVALID_MATCHER', '/hooks/PreToolUse/1/matcher');
    expect(found).toMatchObject({ severity: 'error', line: 17, column: 20, found: '"Bash("' });
    expect(result.handlers.some((handler) => handler.source.pointer.startsWith('/hooks/PreToolUse/1/'))).toBe(
      false,
    );
  });

  it('warns about a matcher on an event that has none (§2.0)', () => {
    const found = find(result, 'CONFIG_MATCHER_IGNORED', '/hooks/Stop/0/matcher');
    expect(found).toMatchObject({ severity: 'warning', line: 23, column: 20, event: 'Stop' });
  });

  it('warns that `if` on a non-tool event would never run (§4.1)', () => {
    const found = find(result, 'CONFIG_IF_NEVER_RUNS', '/hooks/Stop/0/hooks/0/if');
    expect(found).toMatchObject({ severity: 'warning', line: 24, column: 70 });
  });

  it('treats unknown events and keys as warnings that invalidate nothing else', () => {
    expect(find(result, 'CONFIG_UNKNOWN_EVENT', '/hooks/FutureEvent')).toMatchObject({ line: 27, column: 5 });
    expect(find(result, 'CONFIG_UNKNOWN_KEY', '/hooks/SessionStart/0/hooks/0/colour')).toMatchObject({
      line: 29,
      column: 65,
    });
    expect(result.handlers.map((handler) => handler.event)).toEqual([
      'PreToolUse',
      'PreToolUse',
      'PreToolUse',
      'Stop',
      'SessionStart',
    ]);
  });

  it('gives every diagnostic a file, line, column, pointer, expected and found', () => {
    for (const found of result.diagnostics) {
      expect(found.file).toBe('mistakes.json');
      expect(found.line).toBeGreaterThanOrEqual(1);
      expect(found.column).toBeGreaterThanOrEqual(1);
      expect(found.pointer).toMatch(/^\//);
      expect(found.expected).toBeTruthy();
      expect(found.found).toBeTruthy();
    }
  });

  it('strict mode turns every warning into an error', () => {
    const strict = read('mistakes.json', { strict: true });
    expect(strict.diagnostics.length).toBe(result.diagnostics.length);
    expect(strict.diagnostics.every((found) => found.severity === 'error')).toBe(true);
  });

  it('reports invalid JSON at the line and column of the syntax error', () => {
    const broken = read('bad-json.json');
    expect(broken.handlers).toEqual([]);
    expect(broken.diagnostics).toHaveLength(1);
    expect(broken.diagnostics[0]).toMatchObject({
      code: 'CONFIG_INVALID_JSON',
      severity: 'error',
      line: 4,
      column: 57,
      found: '"]"',
    });
  });

  it('rejects comments, as Claude Code reads strict JSON', () => {
    const text = '{\n  // note\n  "hooks": {}\n}';
    const commented = readConfig({ file: 'c.json', text, kind: 'claude-settings', scope: 'user' });
    expect(commented.diagnostics[0]).toMatchObject({ code: 'CONFIG_INVALID_JSON', line: 2, column: 3 });
  });
});

describe('Claude settings reader: normalized handlers', () => {
  const result = read('valid.json', {
    scope: 'plugin',
    pluginRoot: '/plugins/p',
    pluginData: '/data/p',
    namespace: '/plugins/p',
  });

  it('loads a valid file without diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.handlers).toHaveLength(7);
  });

  it('reads the hook policy keys (§6.2)', () => {
    expect(result.policy).toEqual({
      disableAllHooks: false,
      allowedHttpHookUrls: ['https://hooks.example.com/*'],
      httpHookAllowedEnvVars: ['HOOK_TOKEN'],
    });
  });

  it('normalizes a command handler with its source, matcher, if and timeout in ms', () => {
    expect(result.handlers[0]).toEqual({
      event: 'PreToolUse',
      eventKey: 'PreToolUse',
      dialect: 'claude',
      type: 'command',
      matcher: 'Edit|Write',
      if: 'Edit(*.ts)',
      timeoutMs: 15_000,
      statusMessage: 'Checking',
      spec: { command: './check.sh' },
      source: {
        file: 'valid.json',
        pointer: '/hooks/PreToolUse/0/hooks/0',
        scope: 'plugin',
        line: 12,
        column: 11,
        pluginRoot: '/plugins/p',
        pluginData: '/data/p',
        namespace: '/plugins/p',
      },
      identity: JSON.stringify(['/plugins/p', 'command', 'bash', './check.sh', null, 'Edit(*.ts)']),
    });
  });

  it('keeps exec form, http, mcp_tool, prompt, agent and async fields', () => {
    const [, exec, http, mcp, prompt, agent, background] = result.handlers;
    expect(exec).toMatchObject({
      type: 'command',
      spec: { command: '/usr/bin/lint', args: ['--fix'], shell: 'bash' },
      onFailure: 'block',
    });
    expect(http).toMatchObject({
      type: 'http',
      spec: { url: 'https://hooks.example.com/pre', allowedEnvVars: ['HOOK_TOKEN'] },
    });
    expect(mcp).toMatchObject({
      type: 'mcp_tool',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder from the fixture
      spec: { server: 'linter', tool: 'lint_file', input: { file: '${tool_input.file_path}' } },
    });
    expect(prompt).toMatchObject({
      type: 'prompt',
      event: 'Stop',
      spec: { prompt: 'Done? $ARGUMENTS', continueOnBlock: true },
    });
    expect(agent).toMatchObject({ type: 'agent', timeoutMs: 90_000, source: { line: 20, column: 96 } });
    expect(background).toMatchObject({ async: true, asyncRewake: true, once: true, matcher: 'Bash' });
  });

  it('derives identities per §4.9: shell + command + args + if, url + if, server + tool + input + if', () => {
    const identities = result.handlers.map((handler) => handler.identity);
    expect(new Set(identities).size).toBe(identities.length);
    expect(identities[2]).toBe(JSON.stringify(['/plugins/p', 'http', 'https://hooks.example.com/pre', '']));
    const again = read('valid.json', { scope: 'user' });
    expect(again.handlers[0]?.identity).toBe(
      JSON.stringify(['', 'command', 'bash', './check.sh', null, 'Edit(*.ts)']),
    );
  });

  it('reports a policy key of the wrong type and ignores it', () => {
    const text = '{\n  "disableAllHooks": "yes",\n  "allowedHttpHookUrls": ["https://a/*"]\n}';
    const bad = readConfig({ file: 's.json', text, kind: 'claude-settings', scope: 'user' });
    expect(bad.policy).toEqual({ allowedHttpHookUrls: ['https://a/*'] });
    expect(bad.diagnostics).toEqual([
      expect.objectContaining({
        code: 'CONFIG_INVALID_POLICY',
        line: 2,
        column: 22,
        expected: 'boolean',
        found: '"yes"',
      }),
    ]);
  });

  it('reads a plugin hooks file with a top-level description', () => {
    const text =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal plugin-root placeholder
      '{ "description": "fmt", "hooks": { "PostToolUse": [ { "hooks": [ { "type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/fmt.sh" } ] } ] } }';
    const plugin = readConfig({
      file: 'hooks.json',
      text,
      kind: 'claude-plugin-hooks',
      scope: 'plugin',
      pluginRoot: '/p',
    });
    expect(plugin.diagnostics).toEqual([]);
    expect(plugin.handlers[0]).toMatchObject({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal plugin-root placeholder
      spec: { command: '${CLAUDE_PLUGIN_ROOT}/fmt.sh' },
      source: { pluginRoot: '/p' },
    });
  });

  it('reports missing required fields per handler (SchemaStore missing-required-hook-fields)', () => {
    const text =
      '{"hooks":{"PostToolUse":[{"hooks":[{"type":"command"},{"type":"mcp_tool","tool":"x"},{"type":"command","command":"ok"}]}]}}';
    const missing = readConfig({ file: 'm.json', text, kind: 'claude-settings', scope: 'user' });
    expect(missing.handlers.map((handler) => handler.source.pointer)).toEqual([
      '/hooks/PostToolUse/0/hooks/2',
    ]);
    expect(missing.diagnostics.map((found) => [found.code, found.pointer])).toEqual([
      ['CONFIG_INVALID_FIELD', '/hooks/PostToolUse/0/hooks/0/command'],
      ['CONFIG_INVALID_FIELD', '/hooks/PostToolUse/0/hooks/1/server'],
    ]);
  });
});

describe('a key that appears twice in one object (JSON.parse keeps the last)', () => {
  const text = [
    '{',
    '  "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "./first.sh" }] }] },',
    '  "hooks": {',
    '    "Stop": [{ "hooks": [{ "type": "command", "command": "./second.sh" }] }],',
    '    "Stop": []',
    '  }',
    '}',
  ].join('\n');
  const result = readConfig({ file: 'twice.json', text, kind: 'claude-settings', scope: 'project' });

  it('reads the last value, as the hosts do, and warns at each repeat with where the ignored one is', () => {
    expect(result.handlers).toHaveLength(0);
    const twice = result.diagnostics.filter((d) => d.code === 'CONFIG_DUPLICATE_KEY');
    expect(twice.map((d) => [d.severity, d.pointer, d.line, d.column])).toEqual([
      ['warning', '/hooks', 3, 3],
      ['warning', '/hooks/Stop', 5, 5],
    ]);
    expect(twice[0]?.message).toBe(
      '"hooks" appears twice in one object; the hosts read only the last, so the one at 2:3 is ignored',
    );
  });
});
