// Copilot CLI's model-bound texts and where it puts them, as a new user meets them: hooks in
// .github/hooks/x.json, then `agent-hooks run <event> --profile copilot-cli --input in.json --json`
// (copilot-cli-observed.md "What the host does with the output"; issue 12 point 17).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));
const BASH = { toolName: 'bash', toolArgs: { command: 'ls' } };
const SUCCEEDED = { ...BASH, toolResult: { resultType: 'success', textResultForLlm: 'a b' } };
const FAILED = { toolName: 'view', toolArgs: { path: 'missing.txt' }, error: 'Path does not exist' };

/** A hook entry running the fixture: prints `stdout` (JSON unless a string), `stderr`, exits `code`. */
function answer(stdout: unknown, stderr = '', code = 0) {
  const out = typeof stdout === 'string' ? stdout : JSON.stringify(stdout);
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  return { type: 'command', bash: `sh ${ANSWER} ${quote(out)} ${quote(stderr)} ${code}` };
}

/** Runs `event` in a fresh trusted project whose .github/hooks/x.json holds `hooks`. */
async function runCopilot(
  event: string,
  hooks: Record<string, unknown[]>,
  input: Record<string, unknown>,
): Promise<Record<string, any>> {
  const files = { '.github/hooks/x.json': { version: 1, hooks }, 'in.json': input };
  const root = makeTree(files, 'copilot-texts');
  const args = ['run', event, '--profile', 'copilot-cli', '--trust-folder', '--cwd', root];
  const { code, stdout, stderr } = await runCliInProcess([
    ...args,
    '--input',
    join(root, 'in.json'),
    '--no-user',
    '--json',
  ]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

describe.concurrent('Copilot CLI texts and placements (copilot-cli-observed.md)', () => {
  it('preToolUse deny: the tool message is `Denied by preToolUse hook: <r>`', async () => {
    const deny = { permissionDecision: 'deny', permissionDecisionReason: 'no rm' };
    const r = await runCopilot('preToolUse', { preToolUse: [answer(deny)] }, BASH);
    expect(r.messages.toModel).toEqual(['Denied by preToolUse hook: no rm']);
    expect(r.messages.placements).toEqual(['replaces-tool-result']);
  });

  // The stdout JSON is merged with the deny (other-agents-hooks.md §1.5): its reason, with any
  // decision, is the denial's; `hook exited with code 2` only when it gives none. Both seen in a run
  // of Copilot CLI 1.0.102 (docs/host-differences.md).
  it.each([
    ['deny', 'no rm'],
    ['allow', 'looks safe'],
  ])(
    'preToolUse exit 2 with a stdout %s and a reason: that reason is the denial’s, stderr stays hidden',
    async (decision, reason) => {
      const out = { permissionDecision: decision, permissionDecisionReason: reason };
      const r = await runCopilot('preToolUse', { preToolUse: [answer(out, 'secret', 2)] }, BASH);
      expect(r.decision).toBe('deny');
      expect(r.messages.toModel).toEqual([`Denied by preToolUse hook: ${reason}`]);
      expect(JSON.stringify(r.messages)).not.toMatch(/secret/);
    },
  );

  it('preToolUse ask with no person to answer: denied, and the text says it could not ask', async () => {
    const ask = { permissionDecision: 'ask', permissionDecisionReason: 'check with the user' };
    const r = await runCopilot('preToolUse', { preToolUse: [answer(ask)] }, BASH);
    expect(r.decision).toBe('deny');
    expect(r.messages.toModel).toEqual([
      'Denied by preToolUse hook (unable to ask user for confirmation): check with the user',
    ]);
    expect(r.messages.placements).toEqual(['replaces-tool-result']);
  });

  it('preToolUse additionalContext: one user message after the tool message, contexts joined by a blank line', async () => {
    const hooks = [answer({ additionalContext: 'c1' }), answer({ additionalContext: 'c2' })];
    const r = await runCopilot('preToolUse', { preToolUse: hooks }, BASH);
    expect(r.decision).toBeNull();
    expect(r.messages.toModel).toEqual(['Additional context from preToolUse hook:\nc1\n\nc2']);
    expect(r.messages.placements).toEqual(['user-message']);
  });

  // Copilot CLI 1.0.102 ran the tool when a deny carried additionalContext (a run, 2026-12-02). The
  // engine keeps the deny: copying a host bug that drops a guard's decision would fail open
  // (docs/host-differences.md "Where the engine does not follow the host").
  it('preToolUse deny with additionalContext still denies (the host ran the tool)', async () => {
    const deny = {
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
      additionalContext: 'see policy',
    };
    const r = await runCopilot('preToolUse', { preToolUse: [answer(deny)] }, BASH);
    expect(r.decision).toBe('deny');
    expect(r.messages.toModel).toEqual(['Denied by preToolUse hook: no rm']);
  });

  it('preToolUse plain stdout with exit 0 is ignored: no decision, nothing to the model', async () => {
    const r = await runCopilot('preToolUse', { preToolUse: [answer('looks fine to me')] }, BASH);
    expect(r.decision).toBeNull();
    expect(r.messages.toModel).toEqual([]);
    expect(r.hooks[0].warnings.join('\n')).toMatch(/not one JSON object/);
  });

  it('preToolUse timeout fails open: the tool runs, nothing reaches the model', async () => {
    const slow = { type: 'command', bash: 'cat > /dev/null; sleep 30', timeoutSec: 1 };
    const r = await runCopilot('preToolUse', { preToolUse: [slow] }, BASH);
    expect(r.hooks[0].outcome).toBe('timeout');
    expect(r.decision).toBeNull();
    expect(r.messages.toModel).toEqual([]);
  });

  it('permissionRequest deny: `Permission denied by a PermissionRequest hook: <m>` as the tool message', async () => {
    const input = { toolName: 'bash', toolInput: { command: 'ls' } };
    const deny = { behavior: 'deny', message: 'not here' };
    const r = await runCopilot('permissionRequest', { permissionRequest: [answer(deny)] }, input);
    expect(r.messages.toModel).toEqual(['Permission denied by a PermissionRequest hook: not here']);
    expect(r.messages.placements).toEqual(['replaces-tool-result']);
  });

  it('permissionRequest deny without a message: the host’s own `Permission denied by hook.`', async () => {
    const input = { toolName: 'bash', toolInput: { command: 'ls' } };
    const r = await runCopilot(
      'permissionRequest',
      { permissionRequest: [answer({ behavior: 'deny' })] },
      input,
    );
    expect(r.messages.toModel).toEqual([
      'Permission denied by a PermissionRequest hook: Permission denied by hook.',
    ]);
  });

  it('postToolUse: one guidance text appended to the tool message, contexts joined by a blank line', async () => {
    const hooks = [
      answer({ additionalContext: 'run the tests' }),
      answer({ additionalContext: 'then lint' }),
    ];
    const r = await runCopilot('postToolUse', { postToolUse: hooks }, SUCCEEDED);
    expect(r.messages.toModel).toEqual([
      'Tool "bash" succeeded. Additional guidance from postToolUse hooks:\nrun the tests\n\nthen lint',
    ]);
    expect(r.messages.placements).toEqual(['appended-to-tool-result']);
  });

  it('postToolUse modifiedResult of failure type replaces the tool message and nothing more', async () => {
    const failure = { resultType: 'failure', textResultForLlm: 'blocked by policy' };
    const r = await runCopilot(
      'postToolUse',
      { postToolUse: [answer({ modifiedResult: failure })] },
      SUCCEEDED,
    );
    expect(r.updatedToolOutput).toEqual(failure);
    expect(r.decision).toBeNull();
    expect(r.messages.toModel).toEqual([]);
    expect(r.diagnostics).toEqual([]);
  });

  it('postToolUseFailure: several contexts are one user message, joined by a blank line', async () => {
    const hooks = [answer({ additionalContext: 'f1' }), answer({ additionalContext: 'f2' })];
    const r = await runCopilot('postToolUseFailure', { postToolUseFailure: hooks }, FAILED);
    expect(r.messages.toModel).toEqual([
      'Tool "view" failed. Additional guidance from postToolUseFailure hooks:\nf1\n\nf2',
    ]);
  });

  it('postToolUseFailure: additionalContext and exit 2 stderr are a separate user message', async () => {
    const viaJson = await runCopilot(
      'postToolUseFailure',
      { postToolUseFailure: [answer({ additionalContext: 'create it first' })] },
      FAILED,
    );
    expect(viaJson.messages.toModel).toEqual([
      'Tool "view" failed. Additional guidance from postToolUseFailure hooks:\ncreate it first',
    ]);
    expect(viaJson.messages.placements).toEqual(['user-message']);
    const viaExit2 = await runCopilot(
      'postToolUseFailure',
      { postToolUseFailure: [answer('', 'create it first', 2)] },
      FAILED,
    );
    expect(viaExit2.messages).toEqual(viaJson.messages);
  });

  it('agentStop block: the session goes on with one user message carrying the reason', async () => {
    const block = { decision: 'block', reason: 'run the tests first' };
    const input = { stopReason: 'end_turn', stop_hook_active: false };
    const r = await runCopilot('agentStop', { agentStop: [answer(block)] }, input);
    expect(r.decision).toBe('block');
    expect(r.messages.toModel).toEqual(['run the tests first']);
    expect(r.messages.placements).toEqual(['user-message']);
  });

  it('sessionStart: additionalContext is a user message before the prompt; plain stdout is ignored', async () => {
    const hooks = [
      answer('plain words'),
      answer({ additionalContext: 'the repo uses pnpm' }),
      answer({ additionalContext: 'tests live in test/' }),
    ];
    const r = await runCopilot('sessionStart', { sessionStart: hooks }, { source: 'new' });
    expect(r.messages.toModel).toEqual(['the repo uses pnpm\n\ntests live in test/']);
    expect(r.messages.placements).toEqual(['user-message']);
  });

  it('userPromptSubmitted: the last hook’s context follows the prompt inside <system_reminder>', async () => {
    const hooks = [answer({ additionalContext: 'use npm' }), answer({ additionalContext: 'use pnpm' })];
    const r = await runCopilot('userPromptSubmitted', { userPromptSubmitted: hooks }, { prompt: 'fix it' });
    expect(r.messages.toModel).toEqual(['<system_reminder>\nuse pnpm\n</system_reminder>']);
    expect(r.messages.placements).toEqual(['after-prompt']);
  });

  it('userPromptSubmitted decision:block: the prompt is blocked and the user sees the reason alone', async () => {
    const block = { decision: 'block', reason: 'no secrets in prompts' };
    const hooks = { userPromptSubmitted: [answer(block)] };
    const r = await runCopilot('userPromptSubmitted', hooks, { prompt: 'my token is x' });
    expect(r.decision).toBe('block');
    expect(r.messages.toModel).toEqual([]);
    expect(r.messages.toUser).toEqual(['no secrets in prompts']);
  });
});
