import { afterEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.ts';
import { engineFor, fixtureCommand, sourceFor, VARIANTS, type Variant } from './helpers.ts';

// test/fixtures/author/guard.mjs, an SDK-written PreToolUse guard, run as a real process by the
// engine under each host's profile, on each host's payload: one script, the right JSON for each.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function guard(variant: Variant, toolInput: Record<string, unknown>, toolName = 'Bash') {
  engine = await engineFor(variant, [sourceFor(variant, 'PreToolUse', fixtureCommand('guard.mjs'))], true);
  return engine.dispatch('PreToolUse', {
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: 'toolu_1',
  });
}

/** Where each host reads the permission decision (other-agents-hooks.md §1.3, §2.5; claude-code-hooks.md §2.7). */
const DENY_SHAPE: Record<Variant, Record<string, unknown>> = {
  'claude-code': {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'Blocked: rm -rf build',
    },
  },
  'copilot-cli': { permissionDecision: 'deny', permissionDecisionReason: 'Blocked: rm -rf build' },
  'copilot-compat': { permissionDecision: 'deny', permissionDecisionReason: 'Blocked: rm -rf build' },
  vscode: {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'Blocked: rm -rf build',
    },
  },
};

describe.each(VARIANTS)('an SDK guard under %s', (variant) => {
  it('denies with its reason, in the JSON shape the host reads, without warnings', async () => {
    const result = await guard(variant, { command: 'rm -rf build' });
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('Blocked: rm -rf build');
    const [run] = result.hooks;
    expect(run?.exitCode).toBe(0);
    expect(run?.output).toEqual(DENY_SHAPE[variant]);
    expect(run?.warnings).toEqual([]);
    expect(run?.stderr).toBe('');
  });

  it('allows, rewrites the whole input from a patch, and adds context in one answer', async () => {
    const result = await guard(variant, { command: 'npm test', description: 'run the tests' });
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toEqual({ command: 'npm test --silent', description: 'run the tests' });
    expect(result.additionalContext).toEqual(['Ran quietly']);
    expect(result.hooks[0]?.warnings).toEqual([]);
  });

  it('asks, and gives no decision for a command it does not judge', async () => {
    expect((await guard(variant, { command: 'git push origin main' })).decision).toBe('ask');
    await engine?.close();
    const quiet = await guard(variant, { command: 'ls' });
    expect(quiet.decision).toBeNull();
    expect(quiet.hooks[0]?.output).toEqual({});
  });

  it('narrows by tool: Write of a .env file is denied', async () => {
    const result = await guard(variant, { file_path: '/repo/.env', content: 'TOKEN=1' }, 'Write');
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('Do not write .env files');
  });
});

describe('host detection in the engine', () => {
  it('Copilot PascalCase keys: the engine sets COPILOT_CLI=1 as the host does, so the SDK answers flat (copilot-cli-observed.md)', async () => {
    const result = await guard('copilot-compat', { command: 'rm -rf build' }, 'Bash');
    expect(result.decision).toBe('deny');
    // Without COPILOT_CLI=1 this payload looks like VS Code's, and the SDK would nest its answer.
    expect(result.hooks[0]?.output).toEqual(DENY_SHAPE['copilot-compat']);
  });
});
