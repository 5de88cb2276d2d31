import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigChange, ConfigGeneration } from '../../../src/config/generation/index.ts';
import { createConfigStore, loadConfig } from '../../../src/config/generation/index.ts';
import { eventually } from '../../helpers/poll.ts';
import { makeTree, writeTree } from '../../helpers/temp-dir.ts';
import { claudeHooks, commandOf } from './settings-fixtures.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function tree() {
  const root = makeTree({
    'p/.claude/settings.json': claudeHooks({ PreToolUse: ['echo one'] }),
    'home/.claude/settings.json': claudeHooks({ Stop: ['echo user'] }),
  });
  return {
    root,
    options: {
      profile: 'claude-code' as const,
      cwd: path.join(root, 'p'),
      homeDir: path.join(root, 'home'),
      managedDir: path.join(root, 'managed'),
    },
  };
}

describe('configuration generations (claude-code-hooks.md §6.3)', () => {
  it('a generation is deeply frozen', async () => {
    const { options } = await tree();
    const gen = await loadConfig(options);
    expect(Object.isFrozen(gen)).toBe(true);
    expect(Object.isFrozen(gen.handlers)).toBe(true);
    expect(Object.isFrozen(gen.handlers[0])).toBe(true);
    expect(Object.isFrozen(gen.locations[0])).toBe(true);
    expect(() => (gen.handlers as unknown[]).push(1)).toThrow();
  });

  it('reload builds a new generation with a new id and leaves the old one untouched', async () => {
    const { root, options } = await tree();
    const store = await createConfigStore(options);
    const first = store.current();
    writeTree(root, { 'p/.claude/settings.json': claudeHooks({ PreToolUse: ['echo two'] }) });
    const second = await store.reload();
    expect(second.id).toBeGreaterThan(first.id);
    expect(store.current()).toBe(second);
    expect(first.handlers.map(commandOf)).toEqual(['echo one', 'echo user']);
    expect(second.handlers.map(commandOf)).toEqual(['echo two', 'echo user']);
  });

  it('concurrent reloads are serialized and each yields a distinct generation', async () => {
    const { options } = await tree();
    const store = await createConfigStore(options);
    const [a, b] = await Promise.all([store.reload(), store.reload()]);
    expect(b.id).toBe(a.id + 1);
    expect(store.current()).toBe(b);
  });

  it('the watcher reloads on change and reports ConfigChange with source and file_path (§2.21)', async () => {
    const { root, options } = await tree();
    const store = await createConfigStore(options);
    const changes: ConfigChange[] = [];
    const reloads: ConfigGeneration[] = [];
    const watcher = await store.watch({
      debounceMs: 50,
      onChange: (change) => {
        changes.push(change);
        return undefined;
      },
      onReload: (gen) => reloads.push(gen),
    });
    cleanups.push(() => watcher.close());
    const file = path.join(root, 'p', '.claude', 'settings.local.json');
    writeTree(root, { 'p/.claude/settings.local.json': claudeHooks({ PostToolUse: ['echo local'] }) });
    await eventually(() => expect(reloads.length).toBeGreaterThan(0));
    expect(changes).toContainEqual({ source: 'local_settings', file_path: file });
    await eventually(() => expect(store.current().handlers.map(commandOf)).toContain('echo local'));

    const managed = path.join(root, 'managed', 'managed-settings.json');
    writeTree(root, { 'managed/managed-settings.json': claudeHooks({ Stop: ['echo managed'] }) });
    await eventually(() => expect(changes).toContainEqual({ source: 'policy_settings', file_path: managed }));
    await eventually(() => expect(store.current().handlers.map(commandOf)).toContain('echo managed'));
  });

  it('notices a file in a folder that did not exist when watching started (skills)', async () => {
    const { root, options } = await tree();
    const store = await createConfigStore(options);
    const changes: ConfigChange[] = [];
    const watcher = await store.watch({
      debounceMs: 50,
      onChange: (change) => {
        changes.push(change);
        return undefined;
      },
    });
    cleanups.push(() => watcher.close());
    const skill =
      '---\nname: fmt\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo skill\n---\n';
    writeTree(root, { 'p/.claude/skills/fmt/SKILL.md': skill });
    const file = path.join(root, 'p', '.claude', 'skills', 'fmt', 'SKILL.md');
    await eventually(() => expect(changes).toContainEqual({ source: 'skills', file_path: file }));
    await eventually(() => expect(store.current().handlers.map(commandOf)).toContain('echo skill'));
  });

  it('a blocked change is not applied; a user settings change is reported as user_settings', async () => {
    const { root, options } = await tree();
    const store = await createConfigStore(options);
    const changes: ConfigChange[] = [];
    const blocked: ConfigChange[][] = [];
    let reloads = 0;
    const watcher = await store.watch({
      debounceMs: 50,
      onChange: (change) => {
        changes.push(change);
        return false;
      },
      onBlocked: (batch) => blocked.push(batch),
      onReload: () => {
        reloads += 1;
      },
    });
    cleanups.push(() => watcher.close());
    const before = store.current();
    writeTree(root, { 'home/.claude/settings.json': claudeHooks({ Stop: ['echo changed'] }) });
    await eventually(() =>
      expect(changes).toContainEqual({
        source: 'user_settings',
        file_path: path.join(root, 'home', '.claude', 'settings.json'),
      }),
    );
    await eventually(() => expect(blocked).toHaveLength(1));
    expect(blocked[0]).toEqual(changes);
    expect(reloads).toBe(0);
    expect(store.current()).toBe(before);
  });
});
