import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.ts';

const run = promisify(execFile);
const NPM_TIMEOUT_MS = 60_000;

interface PackageJson {
  license: string;
  keywords: string[];
  homepage: string;
  repository: { type: string; url: string };
  bugs: { url: string };
  scripts: Record<string, string>;
  files: string[];
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
}
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as PackageJson;

/** The file list `npm pack` would publish (dist/ as the global setup built it; no scripts run). */
async function packedFiles(): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO_ROOT,
    timeout: NPM_TIMEOUT_MS,
  });
  return (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
}

// Issue 14, "The package": what a user gets from `npm install agent-hooks`.
describe('the published package', () => {
  it('has an MIT LICENSE file, repository, homepage, bugs and keywords', () => {
    expect(pkg.license).toBe('MIT');
    const license = readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} agent-hooks contributors\n/);
    expect(pkg.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/agent-hooks/agent-hooks.git',
    });
    expect(pkg.homepage).toBe('https://github.com/agent-hooks/agent-hooks#readme');
    expect(pkg.bugs.url).toBe('https://github.com/agent-hooks/agent-hooks/issues');
    expect(pkg.keywords).toEqual(expect.arrayContaining(['hooks', 'claude-code', 'copilot-cli', 'vscode']));
  });

  it('builds dist/ before packing (prepack), so a clean clone packs the compiled code', () => {
    expect(pkg.scripts.prepack).toBe('npm run build');
  });

  it('packs dist/, LICENSE, the schemas and every exports target, and no source maps', async () => {
    const files = await packedFiles();
    expect(files).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/cli/main.js']),
    );
    // The bin is the bundled CLI (scripts/bundle-cli.mjs, issue 16 item 4) with every chunk it loads.
    const bin = pkg.bin['agent-hooks'] as string;
    expect(bin).toBe('dist/bin/agent-hooks.cjs');
    const chunks = readdirSync(join(REPO_ROOT, 'dist', 'bin')).map((file) => `dist/bin/${file}`);
    expect(chunks.length).toBeGreaterThan(1);
    expect(files).toEqual(expect.arrayContaining([bin, ...chunks]));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    // The maps would point at ../src/*.ts, which the package does not ship.
    expect(files.filter((file) => file.startsWith('src/'))).toEqual([]);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') {
        if (target.includes('*')) {
          const prefix = target.slice(2, target.indexOf('*'));
          expect(
            files.some((file) => file.startsWith(prefix)),
            subpath,
          ).toBe(true);
        } else expect(files, subpath).toContain(target.slice(2));
        continue;
      }
      expect(files, subpath).toContain(target.default.slice(2));
      expect(files, subpath).toContain(target.types.slice(2));
    }
  });

  it('ships every JSON Schema under agent-hooks/schema/ with an $id that is the address of that file', async () => {
    const schemas = (await packedFiles()).filter((file) => file.startsWith('schema/'));
    expect(schemas.length).toBeGreaterThan(4);
    expect(pkg.exports['./schema/*']).toBe('./schema/*');
    for (const file of schemas) {
      const { $id } = JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as { $id: string };
      // unpkg serves the files of the npm package at https://unpkg.com/<name>/<path>.
      expect($id, file).toBe(`https://unpkg.com/agent-hooks/${file}`);
    }
  });

  it('lets npm report its own errors: `npm run nope` says the script is missing (no silencing .npmrc)', async () => {
    expect(existsSync(join(REPO_ROOT, '.npmrc'))).toBe(false);
    const failed = await run('npm', ['run', 'nope'], { cwd: REPO_ROOT, timeout: NPM_TIMEOUT_MS }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/Missing script: "nope"/);
  });
});
