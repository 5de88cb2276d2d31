// Issue 13, item 6: a non-atomic save (truncate, then write in pieces) under watch() produced
// generations with none of that file's hooks, so a deny guard vanished while the editor wrote. A
// file that fails to parse now keeps its last good reading until it parses again, and every
// dispatch result carries CONFIG_FILE_KEPT_LAST_GOOD meanwhile (claude-code-hooks.md §6.3: the
// hooks in force are a snapshot; a broken snapshot must not be the one in force).
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfigStore } from '../../src/config/generation/index.ts';
import { createHookEngine, type DispatchResult, type HookEngine } from '../../src/index.ts';
import { until } from '../helpers/poll.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const KEPT = 'CONFIG_FILE_KEPT_LAST_GOOD';
/** Short, so the reloads land while the file is still half written. */
const WATCH_DEBOUNCE_MS = 20;

function settings(reason: string): string {
  const deny = { type: 'command', command: `cat > /dev/null; echo ${reason} >&2; exit 2` };
  return `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [deny] }] } }, null, 2)}\n`;
}

function project(): { root: string; file: string; home: string } {
  const root = tempDir('half-saved');
  mkdirSync(join(root, '.claude'));
  const file = join(root, '.claude', 'settings.json');
  writeFileSync(file, settings('old-guard'));
  return { root, file, home: join(root, 'home') };
}

const BASH = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_1' };

/** Dispatches PreToolUse one after another until `stop()` is called; returns every result. */
function dispatchStream(engine: HookEngine): { stop(): Promise<DispatchResult[]> } {
  const results: DispatchResult[] = [];
  let running = true;
  const loop = (async () => {
    while (running) results.push(await engine.dispatch('PreToolUse', BASH));
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return results;
    },
  };
}

const hasKept = (diagnostics: readonly { code: string }[]): boolean =>
  diagnostics.some((d) => d.code === KEPT);

/** Truncates the settings file, writes half of the new text, waits for a reload, then the rest. */
async function saveInTwoHalves(engine: HookEngine, file: string): Promise<void> {
  const next = settings('new-guard');
  const before = engine.config.id;
  const fd = openSync(file, 'w');
  writeSync(fd, next.slice(0, next.length >> 1));
  await until(() => engine.config.id > before, 'a reload of the half file');
  const during = await engine.dispatch('PreToolUse', BASH);
  expect(during.decision).toBe('deny');
  expect(during.reason).toContain('old-guard');
  const kept = during.diagnostics.find((d) => d.code === KEPT);
  expect(kept?.file).toBe(file);
  expect(kept?.message).toContain('does not parse');

  writeSync(fd, next.slice(next.length >> 1));
  closeSync(fd);
  await until(
    () => !hasKept(engine.config.diagnostics) && engine.config.handlers.length === 1,
    'the whole file',
  );
  const after = await engine.dispatch('PreToolUse', BASH);
  expect(after.reason).toContain('new-guard');
  expect(hasKept(after.diagnostics)).toBe(false);
}

describe('item 6: a half-saved settings file keeps its last good hooks', () => {
  it('no dispatch during a non-atomic save sees zero hooks of that file', async () => {
    const { root, file, home } = project();
    const engine = await createHookEngine({ cwd: root, noUser: true, homeDir: home });
    await engine.watch({ debounceMs: WATCH_DEBOUNCE_MS });
    const stream = dispatchStream(engine);
    try {
      await saveInTwoHalves(engine, file);
    } finally {
      const results = await stream.stop();
      await engine.close();
      expect(results.length).toBeGreaterThan(0);
      const unguarded = results.filter((r) => r.hooks.length === 0 || r.decision !== 'deny');
      expect(unguarded.length, `${unguarded.length} of ${results.length} dispatches ran unguarded`).toBe(0);
    }
  });

  it('a file that never parsed has no last good version: its error stands, as on first load', async () => {
    const { root, file, home } = project();
    writeFileSync(file, '{ "hooks": ');
    const store = await createConfigStore({ profile: 'claude-code', cwd: root, noUser: true, homeDir: home });
    expect(store.current().diagnostics.map((d) => d.code)).toContain('CONFIG_INVALID_JSON');
    const reloaded = await store.reload();
    expect(reloaded.handlers).toHaveLength(0);
    expect(reloaded.diagnostics.map((d) => d.code)).toEqual(['CONFIG_INVALID_JSON']);
  });

  it('a deleted file takes its hooks with it; only a file that is there but broken is kept', async () => {
    const { root, file, home } = project();
    const store = await createConfigStore({ profile: 'claude-code', cwd: root, noUser: true, homeDir: home });
    writeFileSync(file, '{');
    expect((await store.reload()).handlers).toHaveLength(1);
    writeFileSync(file, '');
    expect((await store.reload()).handlers).toHaveLength(1);
    rmSync(file);
    expect((await store.reload()).handlers).toHaveLength(0);
    writeFileSync(file, '{');
    const broken = await store.reload();
    expect(broken.handlers).toHaveLength(0);
    expect(hasKept(broken.diagnostics)).toBe(false);
  });
});
