import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult } from '../../src/index.ts';
import { until } from '../helpers/poll.ts';
import { tempDir } from '../helpers/temp-dir.ts';

function project(settings: unknown): { root: string; settingsFile: string } {
  const root = tempDir('watch');
  mkdirSync(join(root, '.claude'));
  const settingsFile = join(root, '.claude', 'settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  return { root, settingsFile };
}

// claude-code-hooks.md §2.21 and §6.3: a changed settings file fires ConfigChange first; a block
// keeps the old configuration, otherwise the engine reloads.
describe('engine.watch()', () => {
  it('dispatches ConfigChange with source and file_path, then reloads into a new generation', async () => {
    const record = join(tempDir('config-change'), 'input.json');
    const { root, settingsFile } = project({
      hooks: { ConfigChange: [{ hooks: [{ type: 'command', command: `cat > ${record}` }] }] },
    });
    const engine = await createHookEngine({ cwd: root, noUser: true, homeDir: join(root, 'home') });
    const firstGeneration = engine.config.id;
    const watcher = await engine.watch({ debounceMs: 50 });
    const next = {
      hooks: {
        ConfigChange: [{ hooks: [{ type: 'command', command: `cat > ${record}` }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
      },
    };
    writeFileSync(settingsFile, JSON.stringify(next));
    await until(() => engine.config.id > firstGeneration, 'a reload');
    const input = JSON.parse(readFileSync(record, 'utf8'));
    expect(input).toMatchObject({
      hook_event_name: 'ConfigChange',
      source: 'project_settings',
      file_path: settingsFile,
    });
    expect(engine.config.handlers.map((handler) => handler.event)).toContain('Stop');
    await watcher.close();
    await engine.close();
  });

  it('keeps the old configuration when a ConfigChange hook blocks', async () => {
    const { root, settingsFile } = project({
      hooks: {
        ConfigChange: [
          { hooks: [{ type: 'command', command: 'cat > /dev/null; echo "frozen" >&2; exit 2' }] },
        ],
      },
    });
    const engine = await createHookEngine({ cwd: root, noUser: true, homeDir: join(root, 'home') });
    const firstGeneration = engine.config.id;
    const results: DispatchResult[] = [];
    let blocked = false;
    await engine.watch({
      debounceMs: 50,
      onConfigChange: (result) => results.push(result),
      onBlocked: () => {
        blocked = true;
      },
    });
    writeFileSync(settingsFile, JSON.stringify({ hooks: {} }));
    await until(() => blocked, 'the blocked change');
    expect(results[0]?.decision).toBe('block');
    expect(engine.config.id).toBe(firstGeneration);
    await engine.close();
  });

  it('refuses to watch an engine without discovery', async () => {
    const engine = await createHookEngine({ discover: false });
    await expect(engine.watch()).rejects.toMatchObject({ code: 'ENGINE_WATCH_WITHOUT_DISCOVERY' });
  });
});

// chokidar drops (does not defer) a file's change event that comes within 50 ms of the one before.
// With a 1 ms debounce the reload used to read the first write and the second was never read:
// the engine stayed on stale hooks. The debounce is now never below MIN_WATCH_DEBOUNCE_MS.
describe('engine.watch() with a debounce shorter than the watcher throttle', () => {
  /** The gap between the two writes: inside chokidar's 50 ms window, after the first event. */
  const SECOND_WRITE_AFTER_MS = 15;

  it('still reads the second of two quick writes', async () => {
    const stop = (word: string) => ({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo ${word}` }] }] },
    });
    const { root, settingsFile } = project(stop('zero'));
    const engine = await createHookEngine({ cwd: root, noUser: true, homeDir: join(root, 'home') });
    await engine.watch({ debounceMs: 1 });
    writeFileSync(settingsFile, JSON.stringify(stop('first')));
    await new Promise((resolve) => setTimeout(resolve, SECOND_WRITE_AFTER_MS));
    writeFileSync(settingsFile, JSON.stringify(stop('second')));
    const command = () => {
      const spec = engine.config.handlers[0]?.spec;
      return spec && 'command' in spec ? spec.command : undefined;
    };
    await until(() => command() === 'echo second', 'the second write to be read');
    await engine.close();
  });
});
