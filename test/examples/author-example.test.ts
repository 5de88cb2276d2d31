import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { effectKinds, permissionChoices } from '../../src/author/capabilities.ts';
import { support } from '../../src/author/support.ts';
import { type DefinedHook, registerHook } from '../../src/author.ts';
import {
  type ConfigKind,
  createHookEngine,
  EVENTS,
  type EventSpec,
  type HookEngine,
  type ProfileName,
} from '../../src/index.ts';

// docs/author.md: its example file, configuration blocks, shell lines, test snippets and host
// matrix, checked against the code.

const DOC = readFileSync(new URL('../../docs/author.md', import.meta.url), 'utf8');
const PROJECT = fileURLToPath(new URL('../../examples/author/', import.meta.url));
const EXAMPLE = `${PROJECT}hooks/protect-secrets.mjs`;

function blocks(lang: string): string[] {
  return [...DOC.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n`, 'g'))].map(
    (match) => match[1]!,
  );
}

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

it('the example in the doc is the example file', () => {
  expect(blocks('js')[0]).toBe(readFileSync(EXAMPLE, 'utf8'));
});

const [CLAUDE_SETTINGS, GITHUB_HOOKS] = blocks('json').map(
  (text) => JSON.parse(text) as Record<string, unknown>,
);
const CONFIG: Record<ProfileName, { kind: ConfigKind; config: Record<string, unknown> }> = {
  'claude-code': { kind: 'claude-settings', config: CLAUDE_SETTINGS! },
  'copilot-cli': { kind: 'copilot-hooks-file', config: GITHUB_HOOKS! },
  vscode: { kind: 'vscode-hooks', config: GITHUB_HOOKS! },
};

describe.each(['claude-code', 'copilot-cli', 'vscode'] as const)(
  'the documented configuration under %s',
  (profile) => {
    it('runs the example and decides', async () => {
      const { kind, config } = CONFIG[profile];
      engine = await createHookEngine({
        discover: false,
        profile,
        cwd: PROJECT,
        sources: [{ file: 'hooks.json', kind, config, scope: 'project' }],
      });
      const call = (tool_name: string, tool_input: Record<string, unknown>) =>
        engine!.dispatch('PreToolUse', { tool_name, tool_input, tool_use_id: 'toolu_1' });
      const read = await call('Read', { file_path: '/repo/.env' });
      expect([read.decision, read.reason]).toEqual(['deny', 'Read /repo/.env is blocked: it holds secrets']);
      expect((await call('Bash', { command: 'cat .env.local' })).decision).toBe('deny');
      const tests = await call('Bash', { command: 'npm test' });
      expect(tests.decision).toBe('allow');
      expect(tests.updatedInput).toEqual({ command: 'npm test', timeout: 300_000 });
      expect(tests.additionalContext).toEqual(['npm test runs with a 5-minute timeout']);
      expect((await call('Bash', { command: 'ls' })).decision).toBeNull();
      for (const run of tests.hooks) expect(run.warnings).toEqual([]);
    });
  },
);

describe('the shell lines of "Try it"', () => {
  const lines = blocks('sh')[1]!
    .split('\n')
    .filter((line) => line.startsWith('echo '));
  it.each([
    [
      0,
      {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'Read /repo/.env is blocked: it holds secrets',
        },
      },
    ],
    [
      1,
      {
        permissionDecision: 'deny',
        permissionDecisionReason: 'Commands that touch .env files are blocked: it holds secrets',
      },
    ],
  ])('line %i prints the host shape', (index, output) => {
    const stdout = execFileSync('/bin/sh', ['-c', lines[index]!], {
      cwd: PROJECT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect(JSON.parse(stdout)).toEqual(output);
  });
});

describe("the README's example", () => {
  const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const GUARD = `${PROJECT}hooks/guard.mjs`;

  it('is examples/author/hooks/guard.mjs, and denies rm -rf only', () => {
    const block = README.split('### Write a hook in TypeScript')[1]!.split('```js\n')[1]!.split('```\n')[0];
    expect(block).toBe(readFileSync(GUARD, 'utf8'));
    const answer = (command: string) =>
      JSON.parse(
        execFileSync(process.execPath, [GUARD], {
          input: JSON.stringify({
            hook_event_name: 'PreToolUse',
            session_id: 's',
            cwd: '/',
            tool_name: 'Bash',
            tool_input: { command },
          }),
          encoding: 'utf8',
        }),
      );
    expect(answer('rm -rf /tmp/x')).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf is blocked',
      },
    });
    expect(answer('ls')).toEqual({});
  });
});

describe('the testing snippets', () => {
  it('hook.invoke and registerHook answer as documented', async () => {
    const { default: hook } = (await import(EXAMPLE)) as { default: DefinedHook<'PreToolUse'> };
    const run = await hook.invoke({
      sessionId: 's',
      timestamp: 1,
      cwd: '/',
      toolName: 'view',
      toolArgs: { file_path: '/r/.env' },
    });
    expect(run.host).toBe('copilot-cli');
    expect(run.output).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'Read /r/.env is blocked: it holds secrets',
    });
    engine = await createHookEngine({ discover: false });
    registerHook(engine, hook);
    expect(hook.matcher).toBe('Bash|Read|Write|Edit');
    const result = await engine.dispatch('PreToolUse', {
      tool_name: 'Read',
      tool_use_id: 'toolu_1',
      tool_input: { file_path: '/r/.env' },
    });
    expect(result.decision).toBe('deny');
  });
});

function matrixRow(spec: EventSpec): string | undefined {
  const kinds = [...effectKinds(spec.name)];
  if (kinds.length === 0) return undefined;
  const cells = (['claude-code', 'copilot-cli', 'vscode'] as const).map((host) => {
    const fires =
      host === 'claude-code' ||
      (host === 'copilot-cli'
        ? (spec.dialects.copilot ?? spec.dialects.copilotCompat)
        : spec.dialects.vscode);
    if (!fires) return '—';
    const names = kinds.flatMap((kind) => {
      const decisions = kind === 'permission' ? permissionChoices(spec.name) : [undefined];
      return decisions.flatMap((decision) => {
        const answer = support(host, kind, spec.name, decision as never);
        return answer === 'no' ? [] : [`${decision ?? kind}${answer === 'mapped' ? '*' : ''}`];
      });
    });
    return names.join(', ') || 'none';
  });
  return `| ${spec.name} | ${cells.join(' | ')} |`;
}

it('the host matrix in the doc is what the SDK writes', () => {
  const table = DOC.split('<!-- host-matrix')[1]!.split('<!-- /host-matrix -->')[0]!;
  const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| event'));
  expect(rows).toEqual(EVENTS.map(matrixRow).filter((row) => row !== undefined));
});
