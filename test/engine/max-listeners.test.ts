import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { engineWithClaudeHooks, HOOK_SCRIPT } from '../helpers/engine.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const HANDLERS = 11;
const CALL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
const ELEVEN = {
  PreToolUse: [
    {
      hooks: Array.from({ length: HANDLERS }, (_, i) => ({
        type: 'command',
        command: `${HOOK_SCRIPT} exit0-silent ${i}`,
      })),
    },
  ],
};

const warnings: string[] = [];
const onWarning = (warning: Error): void => {
  warnings.push(warning.name);
};

/** Warnings are emitted on a later tick; wait for it before looking. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function warningsDuring(action: () => Promise<unknown>): Promise<string[]> {
  warnings.length = 0;
  process.on('warning', onWarning);
  await action();
  await nextTurn();
  return [...warnings];
}

afterEach(() => {
  process.off('warning', onWarning);
});

// Issue 14, trap 7: eleven handlers on one event printed MaxListenersExceededWarning.
describe('eleven handlers on one event', () => {
  it('print no MaxListenersExceededWarning in library use, with and without a caller signal', async () => {
    const engine = await engineWithClaudeHooks(ELEVEN);
    try {
      const seen = await warningsDuring(async () => {
        const plain = await engine.dispatch('PreToolUse', CALL);
        expect(plain.hooks).toHaveLength(HANDLERS);
        const signalled = await engine.dispatch('PreToolUse', CALL, { signal: new AbortController().signal });
        expect(signalled.hooks).toHaveLength(HANDLERS);
      });
      expect(seen).not.toContain('MaxListenersExceededWarning');
    } finally {
      await engine.close();
    }
  });

  it('print no MaxListenersExceededWarning from the CLI', async () => {
    const dir = tempDir('max-listeners');
    const settings = writeFile(dir, 'settings.json', JSON.stringify({ hooks: ELEVEN }));
    const seen = await warningsDuring(async () => {
      const run = await runCliInProcess([
        'run',
        'PreToolUse',
        '--cwd',
        dir,
        '--no-user',
        '--settings',
        settings,
        '--json',
        '--input',
        JSON.stringify(CALL),
      ]);
      expect(JSON.parse(run.stdout).hooks).toHaveLength(HANDLERS);
    });
    expect(seen).not.toContain('MaxListenersExceededWarning');
  });
});
