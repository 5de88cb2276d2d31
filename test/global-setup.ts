// Vitest global setup: compile src/ into dist/ once per test run, before any test file starts, so
// the tests that need the shipped code (the CLI bin smoke test, the root-entry import walk, child
// processes that import the package) never meet a stale or missing build.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DIST_DIR, REPO_ROOT } from './helpers/paths.ts';

const TSC = join(createRequire(import.meta.url).resolve('typescript/package.json'), '..', 'bin', 'tsc');

export default function buildDist(): void {
  // Opt-in for quick local runs of a few files after `npm run build`: reuse dist/ as it is.
  // CI and `npm test` never set it, so they always test a fresh build.
  if (process.env.AGENT_HOOKS_TEST_REUSE_DIST === '1' && existsSync(join(DIST_DIR, 'bin', 'agent-hooks.cjs')))
    return;
  // A clean folder: a file whose source was deleted must not linger and be imported.
  rmSync(DIST_DIR, { recursive: true, force: true });
  // The same compiler and config as `npm run build`. --noCheck skips type checking (the emitted
  // JavaScript is the same; `npm run typecheck` reports type errors) and halves the time.
  execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json', '--noCheck'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  // Then the bundled bin from that output, as `npm run build` makes it (package.json `bin`).
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'bundle-cli.mjs')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
