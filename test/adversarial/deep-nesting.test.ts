// Issue 13, item 3: nesting a model or a repository controls (tool_input, hook stdout, a settings
// file) must not make the dispatch reject, `run --json` print nothing, or a settings file vanish.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/model/json-depth.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { engineWithClaudeHooks, group } from '../helpers/engine.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

const DENY = 'echo nope >&2; exit 2';
/** Deep enough to overflow V8's recursive JSON.stringify and jsonc-parser on a default stack. */
const OVERFLOW_DEPTH = 6_000;

function nestedText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function nestedValue(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const writeCall = (toolInput: Record<string, unknown>) => ({
  session_id: 's',
  hook_event_name: 'PreToolUse',
  tool_name: 'Write',
  tool_input: toolInput,
  tool_use_id: 'toolu_1',
});

describe('item 3: deep nesting', () => {
  it('a tool_input nested 6,000 levels still reaches the guard, which denies', async () => {
    const engine = await engineWithClaudeHooks({ PreToolUse: group(DENY, {}, 'Write') });
    const result = await engine.dispatch(
      'PreToolUse',
      writeCall({ file_path: '/p', deep: nestedValue(OVERFLOW_DEPTH) }),
    );
    expect(result.decision).toBe('deny');
    expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_INPUT_TOO_DEEP');
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  it("hook stdout nested 6,000 levels is that hook's failure; another hook's deny survives", async () => {
    const root = makeTree({});
    const deepFile = writeFile(root, 'deep.json', nestedText(OVERFLOW_DEPTH));
    const engine = await engineWithClaudeHooks({
      PreToolUse: [
        {
          matcher: 'Write',
          hooks: [
            { type: 'command', command: `cat ${deepFile}` },
            { type: 'command', command: DENY },
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', writeCall({ file_path: '/p' }));
    expect(result.decision).toBe('deny');
    const deep = result.hooks.find((h) => h.label.startsWith('cat'));
    expect(deep?.outcome).toBe('non-blocking-error');
    expect(deep?.output).toBeNull();
    expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_OUTPUT_TOO_DEEP');
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  it('too-deep output under onFailure "block" blocks', async () => {
    const root = makeTree({});
    const deepFile = writeFile(root, 'deep.json', nestedText(MAX_JSON_DEPTH + 1));
    const engine = await engineWithClaudeHooks({
      PreToolUse: group(`cat ${deepFile}`, { onFailure: 'block' }, 'Write'),
    });
    const result = await engine.dispatch('PreToolUse', writeCall({ file_path: '/p' }));
    expect(result.decision).toBe('deny');
  });

  it('output at the depth limit is still read', async () => {
    const inner = `${'{"a":'.repeat(MAX_JSON_DEPTH - 3)}1${'}'.repeat(MAX_JSON_DEPTH - 3)}`;
    const root = makeTree({});
    const file = writeFile(
      root,
      'ok.json',
      `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","x":${inner}}}`,
    );
    const engine = await engineWithClaudeHooks({ PreToolUse: group(`cat ${file}`, {}, 'Write') });
    const result = await engine.dispatch('PreToolUse', writeCall({ file_path: '/p' }));
    expect(result.decision).toBe('deny');
  });

  it('run --json prints the deny when another hook prints output nested 6,000 levels', async () => {
    const root = makeTree({ 'in.json': writeCall({ file_path: '/p', content: 'x' }) });
    const deepFile = writeFile(root, 'deep.json', nestedText(OVERFLOW_DEPTH));
    writeFile(
      root,
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Write',
              hooks: [
                { type: 'command', command: `cat ${deepFile}` },
                { type: 'command', command: DENY },
              ],
            },
          ],
        },
      }),
    );
    const run = await runCliInProcess([
      'run',
      'PreToolUse',
      '--input',
      join(root, 'in.json'),
      '--no-user',
      '--json',
      '--cwd',
      root,
    ]);
    expect(JSON.parse(run.stdout).decision).toBe('deny');
  });

  it('a settings file with an unused value nested 6,000 levels keeps its hooks; validate reports it', async () => {
    const root = makeTree({ 'in.json': writeCall({ file_path: '/p', content: 'x' }) });
    const settings = join(root, '.claude', 'settings.json');
    writeFile(root, '.claude/settings.json', '');
    writeFileSync(
      settings,
      `{\n "unused": ${nestedText(OVERFLOW_DEPTH)},\n "hooks": {"PreToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "${DENY}"}]}]}\n}\n`,
    );
    const run = await runCliInProcess([
      'run',
      'PreToolUse',
      '--input',
      join(root, 'in.json'),
      '--no-user',
      '--json',
      '--cwd',
      root,
    ]);
    expect(JSON.parse(run.stdout).decision).toBe('deny');
    const validate = await runCliInProcess([
      'validate',
      '--json',
      '--no-user',
      '--cwd',
      root,
      '.claude/settings.json',
    ]);
    const found = JSON.parse(validate.stdout).diagnostics.find(
      (d: { code: string }) => d.code === 'CONFIG_TOO_DEEP',
    );
    // Line 2 is ` "unused": ` (11 columns), then the nested value; the file's own object is level 1.
    expect(found).toMatchObject({ line: 2, column: 12 + (MAX_JSON_DEPTH - 1) * '{"a":'.length });
  });
});
