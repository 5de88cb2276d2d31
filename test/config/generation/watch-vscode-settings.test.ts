import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfigStore } from '../../../src/config/generation/index.ts';
import { watchConfig } from '../../../src/config/generation/watcher.ts';
import { until } from '../../helpers/poll.ts';
import { makeTree, writeTree } from '../../helpers/temp-dir.ts';
import { commandOf } from './settings-fixtures.ts';

function hookFile(command: string): object {
  return { hooks: { PreToolUse: [{ type: 'command', command }] } };
}

// The vscode profile reads chat.hookFilesLocations from .vscode/settings.json (docs/configuration.md):
// the watcher reloads when that file changes and then watches the locations it names.
describe('watchConfig under the vscode profile', () => {
  it('reloads on a .vscode/settings.json change, then watches the location it added', async () => {
    const root = makeTree({ 'custom/hooks/a.json': hookFile('echo a') }, 'watch-vscode');
    const options = { profile: 'vscode' as const, cwd: root, noUser: true, homeDir: join(root, 'home') };
    const store = await createConfigStore(options);
    const commands = () => store.current().handlers.map(commandOf);
    expect(commands()).toEqual([]);
    const watcher = await watchConfig(store, options, { debounceMs: 50 });
    try {
      writeTree(root, { '.vscode/settings.json': { 'chat.hookFilesLocations': { 'custom/hooks': true } } });
      await until(() => commands().includes('echo a'), 'the reload after the settings change');
      // Written again on each poll: chokidar starts watching the new folder asynchronously.
      let writes = 0;
      await until(() => {
        writes += 1;
        writeTree(root, { 'custom/hooks/b.json': { ...hookFile('echo b'), writes } });
        return commands().includes('echo b');
      }, 'the reload after a file in the new location');
      expect(commands()).toEqual(['echo a', 'echo b']);
    } finally {
      await watcher.close();
    }
  });
});
