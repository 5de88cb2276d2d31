import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';
import { staticImportGraph } from '../helpers/import-graph.ts';
import { DIST_DIR } from '../helpers/paths.ts';

// Issue 16 item 4: a host starts `run` or `bridge` on every tool call, so what they load
// statically is paid each time. zod (the configuration models and the wire schemas) loads only
// for a file or an output it must describe; other commands' modules not at all. Reads the dist/
// the global setup built; the bundled bin follows the same imports.
describe.each(['run', 'bridge'])('the %s command, as loaded on every event', (command) => {
  const graph = staticImportGraph(join(DIST_DIR, 'cli', 'commands', `${command}.js`));
  const files = graph.files.map((file) => relative(DIST_DIR, file));

  it('loads no zod, no root entry and no other command', () => {
    expect(graph.packages).not.toContain('zod');
    expect(files).not.toContain('index.js');
    expect(files.filter((file) => file.startsWith('cli/commands/'))).toEqual(
      command === 'bridge'
        ? ['cli/commands/bridge-install-commands.js', 'cli/commands/bridge.js']
        : ['cli/commands/run.js'],
    );
  });
});

describe('the bundled bin’s files', () => {
  it('that every start loads are ASCII, so V8 keeps each as a one-byte string (text is escaped)', () => {
    const dir = dirname(builtBinPath());
    // The entry, the cold path's facade, its code (a .cjs script for the code cache) and the loader.
    const loaded = readdirSync(dir).filter((file) =>
      /^(agent-hooks\.js|chunk-cold-path-.*\.c?js|chunk-code-cache\.js)$/.test(file),
    );
    expect(loaded).toHaveLength(4);
    for (const file of loaded)
      expect(/[^\x00-\x7f]/.test(readFileSync(join(dir, file), 'utf8')), file).toBe(false);
  });
});

describe('the bundled bin’s entry', () => {
  it('turns on the compile cache (where Node has one) before it loads any chunk', () => {
    const entry = readFileSync(builtBinPath(), 'utf8');
    const staticImports = [...entry.matchAll(/^import\b[^\n]*?\bfrom\s*"([^"]+)"/gm)].map((m) => m[1]);
    expect(staticImports.every((name) => name?.startsWith('node:'))).toBe(true);
    expect(entry.indexOf('enableCompileCache')).toBeGreaterThan(0);
    expect(entry.indexOf('enableCompileCache')).toBeLessThan(entry.indexOf('import("./chunk-'));
  });
});
