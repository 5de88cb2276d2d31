import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportGraph } from './helpers/import-graph.ts';
import { DIST_DIR, REPO_ROOT } from './helpers/paths.ts';
import { tempDir } from './helpers/temp-dir.ts';

/** Heavy or optional packages that only subpath entries and lazy `import()` may load (DESIGN.md). */
const HEAVY = [/^ai$/, /^@ai-sdk\//, /^@modelcontextprotocol\//, /^chokidar$/, /^@opentelemetry\//];
const isHeavy = (name: string): boolean => HEAVY.some((pattern) => pattern.test(name));

const exportsMap = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, { types: string; default: string } | string>;
  }
).exports;

// Reads dist/, which the global setup has just built from src/.
describe('the built root entry (agent-hooks)', () => {
  const root = staticImportGraph(join(DIST_DIR, 'index.js'));

  it('statically reaches no heavy package; those load through subpaths or import()', () => {
    expect(root.files.length).toBeGreaterThan(20);
    expect(root.packages).toContain('zod');
    expect(root.packages.filter(isHeavy)).toEqual([]);
  });

  it('the walk sees static imports and skips import(): agent-hooks/otel does reach @opentelemetry/api', () => {
    expect(staticImportGraph(join(DIST_DIR, 'otel.js')).packages).toContain('@opentelemetry/api');
    const dir = tempDir('graph');
    writeFileSync(join(dir, 'entry.js'), "export { a } from './a.js';\nconst ai = () => import('ai');\n");
    writeFileSync(join(dir, 'a.js'), "import { watch } from 'chokidar';\nexport const a = watch;\n");
    expect(staticImportGraph(join(dir, 'entry.js'))).toEqual({
      files: [join(dir, 'a.js'), join(dir, 'entry.js')],
      packages: ['chokidar'],
    });
  });

  it.each(['./llm', './mcp', './otel'])('the subpath entry %s exists in dist/ with its types', (subpath) => {
    const entry = exportsMap[subpath];
    expect(entry, `package.json exports ${subpath}`).toMatchObject({
      types: expect.any(String),
      default: expect.any(String),
    });
    const { types, default: main } = entry as { types: string; default: string };
    expect(existsSync(join(REPO_ROOT, main)), main).toBe(true);
    expect(existsSync(join(REPO_ROOT, types)), types).toBe(true);
  });
});
