import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.ts';
import { AUTHOR_FIXTURES, engineFor, fixtureCommand, sourceFor, type Variant } from './helpers.ts';

// A failing SDK hook answers with its onError outcome itself, as a real process under the engine.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_3' };

async function failing(variant: Variant, env: Record<string, string>) {
  engine = await engineFor(variant, [
    sourceFor(variant, 'PreToolUse', fixtureCommand('failing.mjs'), { env }),
  ]);
  return engine.dispatch('PreToolUse', BASH);
}

describe.each(['claude-code', 'copilot-cli', 'vscode'] as const)(
  'a PreToolUse hook that throws, under %s',
  (variant) => {
    it('denies by default (fail closed), naming the hook and the error', async () => {
      const result = await failing(variant, { FAIL_MODE: 'throw' });
      expect(result.decision).toBe('deny');
      expect(result.reason).toBe(
        'PreToolUse hook "failing" failed: the handler threw Error: database unreachable',
      );
      const [run] = result.hooks;
      expect(run?.outcome).toBe('success');
      expect(run?.exitCode).toBe(0);
      expect(run?.stderr).toContain('AUTHOR_HOOK_THREW: PreToolUse hook "failing" (');
      expect(run?.stderr).toContain(
        'failing.mjs): the handler threw Error: database unreachable; answered deny (the default on PreToolUse)',
      );
    });
  },
);

describe('other failures under Claude Code', () => {
  it('a handler that hangs (and keeps a timer alive) answers at its timeoutMs and exits', async () => {
    const result = await failing('claude-code', { FAIL_MODE: 'hang', TIMEOUT_MS: '300' });
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('did not answer within 300 ms');
    // The process ended by itself: the engine's 60 s timeout did not strike.
    expect(result.hooks[0]?.outcome).toBe('success');
    expect(result.hooks[0]?.stderr).toContain('AUTHOR_HOOK_TIMEOUT');
  });

  it('a plain object instead of a helper is an invalid answer', async () => {
    const result = await failing('claude-code', { FAIL_MODE: 'object' });
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('the hook returned {"permissionDecision":"allow"}');
    expect(result.hooks[0]?.stderr).toContain('AUTHOR_INVALID_RETURN');
  });

  it.each([
    ['escape', 'an error escaped the handler: Error: late failure'],
    ['reject', 'an error escaped the handler: Error: forgotten promise'],
  ])('an error outside the handler (%s) is a failure too, not an exit 1', async (mode, message) => {
    const result = await failing('claude-code', { FAIL_MODE: mode });
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe(`PreToolUse hook "failing" failed: ${message}`);
    expect(result.hooks[0]?.exitCode).toBe(0);
  });

  it('onError: "ignore" lets the call through and tells the user', async () => {
    const result = await failing('claude-code', { FAIL_MODE: 'throw', ON_ERROR: 'ignore' });
    expect(result.decision).toBeNull();
    expect(result.systemMessages).toEqual([
      'PreToolUse hook "failing" failed: the handler threw Error: database unreachable',
    ]);
    expect(result.hooks[0]?.stderr).toContain('answered ignore (onError)');
  });
});

function runDirectly(stdin: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawnSync(process.execPath, [`${AUTHOR_FIXTURES}guard.mjs`], {
    input: stdin,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  return {
    status: child.status,
    output: JSON.parse(child.stdout) as Record<string, unknown>,
    stderr: child.stderr,
  };
}

describe('stdin that is not a payload', () => {
  it('not JSON: the guard denies, with the reason on stderr', () => {
    const run = runDirectly('not json');
    expect(run.status).toBe(0);
    expect(run.output).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(run.stderr).toContain('AUTHOR_INVALID_PAYLOAD: PreToolUse hook "guard"');
    expect(run.stderr).toContain('stdin is not JSON');
  });

  it('a payload for another event names both events', () => {
    const run = runDirectly(
      JSON.stringify({ hook_event_name: 'Stop', session_id: 's', cwd: '/', stop_hook_active: false }),
    );
    expect(run.stderr).toContain('the payload is for "Stop", but this hook was defined for PreToolUse');
    expect(run.output).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('empty stdin under Copilot CLI (COPILOT_CLI=1): the flat deny Copilot reads', () => {
    const run = runDirectly('', { COPILOT_CLI: '1' });
    expect(run.output).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'PreToolUse hook "guard" failed: stdin was empty',
    });
  });
});
