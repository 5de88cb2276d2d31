// engine.reload() serializes generations (issue 11 item 7): concurrent reloads while the file
// changes between them end on the newest content, and generation ids only increase.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../../src/index.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function settings(file: string, version: number): void {
  const hooks = { Stop: [{ hooks: [{ type: 'command', command: `echo v${version}` }] }] };
  writeFileSync(file, JSON.stringify({ hooks }));
}

function commandOf(engine: HookEngine): unknown {
  const [handler] = engine.config.handlers;
  return handler?.type === 'command' ? handler.spec.command : undefined;
}

describe('engine.reload() under concurrent calls', () => {
  it('ends on the newest file content with increasing generation ids', async () => {
    const dir = tempDir('reload');
    const file = join(dir, 'settings.json');
    settings(file, 1);
    const engine = await createHookEngine({ cwd: dir, noUser: true, homeDir: dir, settingsFiles: [file] });
    engines.push(engine);
    expect(commandOf(engine)).toBe('echo v1');
    const reloads = [];
    for (let version = 2; version <= 6; version++) {
      settings(file, version);
      reloads.push(engine.reload());
    }
    const snapshots = await Promise.all(reloads);
    const ids = snapshots.map((snapshot) => snapshot.id);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThanOrEqual(ids[i - 1]!);
    expect(ids[0]).toBeGreaterThan(1);
    expect(ids.at(-1)).toBeGreaterThan(ids[0]!);
    expect(engine.config).toBe(snapshots.at(-1));
    expect(commandOf(engine)).toBe('echo v6');
    const later = await engine.reload();
    expect(later.id).toBeGreaterThan(ids.at(-1)!);
  });
});
