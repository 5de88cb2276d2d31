// How the copilot-cli profile reads and words hook answers: permissionRequest (seed 003,
// copilot-cli-observed.md), postToolUseFailure exit 2, modifiedPrompt from command hooks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngineOptions } from '../../src/index.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

/** A Copilot hook entry running the fixture: prints `stdout` / `stderr`, exits with `code`. */
function answer(stdout: unknown, stderr = '', code = 0, stdinCopy = '') {
  const out = stdout === '' ? '' : JSON.stringify(stdout);
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  return { type: 'command', bash: `sh ${ANSWER} ${quote(out)} ${quote(stderr)} ${code} ${quote(stdinCopy)}` };
}

async function copilot(hooks: Record<string, unknown[]>, options: HookEngineOptions = {}) {
  return createHookEngine({
    discover: false,
    profile: 'copilot-cli',
    sources: [
      { file: 'hooks.json', kind: 'copilot-hooks-file', scope: 'project', config: { version: 1, hooks } },
    ],
    ...options,
  });
}

const REQUEST = { toolName: 'bash', toolInput: { command: 'rm -rf build' } };

describe('permissionRequest (seed 003, copilot-cli-observed.md)', () => {
  it('exit 2 merges the stdout JSON with {"behavior":"deny"}: message and interrupt survive', async () => {
    const engine = await copilot({
      permissionRequest: [answer({ message: 'not in CI', interrupt: true }, 'ignored stderr', 2)],
    });
    const result = await engine.dispatch('permissionRequest', REQUEST);
    await engine.close();
    expect(result.decision).toBe('deny');
    expect(result.permission).toEqual({ message: 'not in CI', interrupt: true });
    expect(result.continue).toBe(false);
    expect(result.messages.toModel).toEqual(['Permission denied by a PermissionRequest hook: not in CI']);
  });

  it('interrupt: true stops the agent only together with deny', async () => {
    const engine = await copilot({ permissionRequest: [answer({ behavior: 'allow', interrupt: true })] });
    const result = await engine.dispatch('permissionRequest', REQUEST);
    await engine.close();
    expect(result.decision).toBe('allow');
    expect(result.continue).toBe(true);
  });

  it('the payload is camelCase under the camelCase and the PascalCase key alike', async () => {
    const dir = tempDir('permission-payload');
    const camel = join(dir, 'camel.json');
    const pascal = join(dir, 'pascal.json');
    const engine = await copilot({
      permissionRequest: [answer('', '', 0, camel)],
      PermissionRequest: [answer('', '', 0, pascal)],
    });
    await engine.dispatch('permissionRequest', { ...REQUEST, permissionSuggestions: [] });
    await engine.close();
    for (const file of [camel, pascal]) {
      const payload = JSON.parse(readFileSync(file, 'utf8'));
      expect(Object.keys(payload)).toEqual([
        'hookName',
        'sessionId',
        'timestamp',
        'cwd',
        'toolName',
        'toolInput',
        'permissionSuggestions',
      ]);
      expect(payload).toMatchObject({
        hookName: 'permissionRequest',
        toolName: 'bash',
        toolInput: REQUEST.toolInput,
      });
      expect(typeof payload.timestamp).toBe('number');
    }
  });

  it('no answer and no person to ask: the host denial text; with a person, the normal flow', async () => {
    const silent = { permissionRequest: [answer('')] };
    const headless = await copilot(silent);
    const denied = await headless.dispatch('permissionRequest', REQUEST);
    await headless.close();
    expect(denied.decision).toBe('deny');
    expect(denied.messages.toModel).toEqual([
      'Permission denied because no interactive user response was available. Retry in an interactive session so the user can approve it, or try an alternative that does not require this permission.',
    ]);
    const interactive = await copilot(silent, { interactive: true });
    const asked = await interactive.dispatch('permissionRequest', REQUEST);
    await interactive.close();
    expect(asked.decision).toBeNull();
    expect(asked.messages.toModel).toEqual([]);
  });
});

describe('tool results and prompts (copilot-cli-observed.md "What the host does with the output")', () => {
  it('postToolUseFailure exit 2: stderr is the guidance, in a separate user message; stdout is not', async () => {
    const engine = await copilot({
      postToolUseFailure: [answer('stdout is not the guidance', 'retry with --force', 2)],
    });
    const result = await engine.dispatch('postToolUseFailure', {
      toolName: 'view',
      toolArgs: { path: 'missing.txt' },
      error: 'Path does not exist',
    });
    await engine.close();
    expect(result.additionalContext).toEqual(['retry with --force']);
    expect(result.messages.toModel).toEqual([
      'Tool "view" failed. Additional guidance from postToolUseFailure hooks:\nretry with --force',
    ]);
  });

  it('postToolUse additionalContext is worded as the host appends it to the tool message', async () => {
    const engine = await copilot({ postToolUse: [answer({ additionalContext: 'run the tests next' })] });
    const result = await engine.dispatch('postToolUse', {
      toolName: 'bash',
      toolArgs: { command: 'ls' },
      toolResult: { resultType: 'success', textResultForLlm: 'a b' },
    });
    await engine.close();
    expect(result.messages.toModel).toEqual([
      'Tool "bash" succeeded. Additional guidance from postToolUse hooks:\nrun the tests next',
    ]);
  });

  it('postToolUse modifiedResult from a command hook replaces the tool result (seed 003: SDK only)', async () => {
    const replaced = { resultType: 'success', textResultForLlm: '[redacted]' };
    const engine = await copilot({ postToolUse: [answer({ modifiedResult: replaced })] });
    const result = await engine.dispatch('postToolUse', {
      toolName: 'bash',
      toolArgs: { command: 'cat .env' },
      toolResult: { resultType: 'success', textResultForLlm: 'TOKEN=1' },
    });
    await engine.close();
    expect(result.updatedToolOutput).toEqual(replaced);
    expect(result.diagnostics).toEqual([]);
  });

  it('userPromptSubmitted: a command hook’s modifiedPrompt replaces the prompt; context follows in <system_reminder>', async () => {
    const engine = await copilot({
      userPromptSubmitted: [answer({ modifiedPrompt: 'fix the build', additionalContext: 'use pnpm' })],
    });
    const result = await engine.dispatch('userPromptSubmitted', { prompt: 'fix it' });
    await engine.close();
    expect(result.updatedPrompt).toBe('fix the build');
    expect(result.diagnostics).toEqual([]);
    expect(result.messages.toModel).toEqual(['<system_reminder>\nuse pnpm\n</system_reminder>']);
  });
});
