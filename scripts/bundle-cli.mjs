// Bundles the CLI that tsc compiled (dist/cli/bin.js, which loads main.js) into dist/bin/, the package's `bin`
// (issue 16 item 4: a host starts the CLI on every tool call, and loading ~230 files of dist/ plus
// ~100 of its dependencies was most of its cold start). Each command's file and each lazily
// imported module becomes a chunk loaded only when used. The library's entry points stay the
// unbundled ESM that tsc wrote. Run by `npm run build` and by the test global setup.
//
// The chunks sit in dist/bin/, as deep as dist/cli/, so `new URL('../../package.json',
// import.meta.url)` in src/cli/program.ts finds the same file from either.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist', 'bin');
const pkg = (await import(join(ROOT, 'package.json'), { with: { type: 'json' } })).default;
/** Optional peers stay imports: whoever uses the feature installs them next to the package. */
const PEERS = Object.keys(pkg.peerDependencies ?? {});

rmSync(OUT, { recursive: true, force: true });
await build({
  input: { 'agent-hooks': join(ROOT, 'dist', 'cli', 'bin.js') },
  platform: 'node',
  // jsonc-parser's `main` is a UMD file whose require() calls a bundle cannot follow.
  resolve: { mainFields: ['module', 'main'] },
  external: (id) => PEERS.some((peer) => id === peer || id.startsWith(`${peer}/`)),
  logLevel: 'warn',
  output: {
    dir: OUT,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunk-[name]-[hash].js',
  },
});
