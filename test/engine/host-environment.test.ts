// The host environment the command hooks of a dispatch inherit (docs/environment.md "Variables"):
// read anew for every dispatch, and shared by the hooks of one dispatch (issue 16 item 4); or the
// engine's `env` option, which is never read from `process.env` at all.
import { afterEach, describe, expect, it } from 'vitest';
import type { HookEngineOptions } from '../../src/index.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';

const NAMES = ['FROM_DISPATCH', 'CLAUDE_ENV_FILE'] as const;
const saved = NAMES.map((name) => [name, process.env[name]] as const);

afterEach(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Two hooks on one event, each printing what it inherited. */
async function twoHooks(options: HookEngineOptions = {}) {
  const print = (tag: string) => ({
    type: 'command',
    command: `printf '%s|%s|%s' ${tag} "\${FROM_DISPATCH-unset}" "\${CLAUDE_ENV_FILE-unset}"`,
  });
  return engineWithClaudeHooks({ PreToolUse: [{ hooks: [print('a'), print('b')] }] }, options);
}

const CALL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_env' };

describe('the host environment of a dispatch', () => {
  it('is read anew for each dispatch and shared by its hooks, without the hook variables', async () => {
    const engine = await twoHooks();
    try {
      process.env.CLAUDE_ENV_FILE = '/stale/env-file';
      process.env.FROM_DISPATCH = 'first';
      const first = await engine.dispatch('PreToolUse', CALL);
      expect(first.hooks.map((hook) => hook.stdout).sort()).toEqual(['a|first|unset', 'b|first|unset']);
      process.env.FROM_DISPATCH = 'second';
      const second = await engine.dispatch('PreToolUse', CALL);
      expect(second.hooks.map((hook) => hook.stdout).sort()).toEqual(['a|second|unset', 'b|second|unset']);
      delete process.env.FROM_DISPATCH;
      const third = await engine.dispatch('PreToolUse', CALL);
      expect(third.hooks.map((hook) => hook.stdout).sort()).toEqual(['a|unset|unset', 'b|unset|unset']);
    } finally {
      await engine.close();
    }
  });

  it('is the env option when one is given: process.env is not read, and the hook variables still stay out', async () => {
    process.env.FROM_DISPATCH = 'from-process-env';
    const env = { ...process.env, FROM_DISPATCH: 'from-option', CLAUDE_ENV_FILE: '/stale/env-file' };
    const engine = await twoHooks({ env });
    try {
      const first = await engine.dispatch('PreToolUse', CALL);
      expect(first.hooks.map((hook) => hook.stdout).sort()).toEqual([
        'a|from-option|unset',
        'b|from-option|unset',
      ]);
      // Documented in docs/library.md: a change to process.env after the engine was made does not reach hooks.
      process.env.FROM_DISPATCH = 'changed-later';
      const second = await engine.dispatch('PreToolUse', CALL);
      expect(second.hooks.map((hook) => hook.stdout).sort()).toEqual([
        'a|from-option|unset',
        'b|from-option|unset',
      ]);
    } finally {
      await engine.close();
    }
  });
});
