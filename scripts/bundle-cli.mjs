// Bundles the CLI that tsc compiled (dist/cli/bin.js, which loads main.js) into dist/bin/, the package's `bin`
// (issue 16 item 4: a host starts the CLI on every tool call, and loading ~230 files of dist/ plus
// ~100 of its dependencies was most of its cold start). Each command's file and each lazily
// imported module becomes a chunk loaded only when used. The library's entry points stay the
// unbundled ESM that tsc wrote. Run by `npm run build` and by the test global setup.
//
// The chunks sit in dist/bin/, as deep as dist/cli/, so `new URL('../../package.json',
// import.meta.url)` in src/cli/program.ts finds the same file from either.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { rewriteChunks } from './cold-path-script.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist', 'bin');
const pkg = (await import(join(ROOT, 'package.json'), { with: { type: 'json' } })).default;
/** Optional peers stay imports: whoever uses the feature installs them next to the package. */
const PEERS = Object.keys(pkg.peerDependencies ?? {});

/** The modules of `src` a file statically imports: relative paths resolved, and package names. */
function staticImports(file) {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm),
  ].map((match) => match[1] ?? match[2]);
  return specifiers.filter((specifier) => !specifier.startsWith('node:'));
}

/**
 * What a host's per-event commands (`run`, `bridge`) load statically, from the CLI's main module
 * on: these go into one chunk, `cold-path`. Node's loader reads each file of an import graph with
 * a few thread-pool round trips, so on a busy machine forty small chunks cost far more than one
 * (issue 16 item 4). Modules those commands import lazily stay in chunks of their own.
 */
function coldPath() {
  const files = new Set();
  const packages = new Set();
  // The command runner too: the engine imports each runner when a hook of its type runs, and the
  // hooks a host runs on every event are almost always commands.
  const roots = ['cli/main.js', 'cli/commands/run.js', 'cli/commands/bridge.js', 'runners/command/index.js'];
  const pending = roots.map((file) => join(ROOT, 'dist', file));
  while (pending.length > 0) {
    const file = pending.pop();
    if (files.has(file)) continue;
    if (!existsSync(file)) throw new Error(`bundle-cli: ${file} is imported but does not exist`);
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else
        packages.add(
          specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0],
        );
    }
  }
  const inPackage = [...packages].map((name) => `/node_modules/${name}/`);
  // main.js starts the CLI when it is evaluated: it stays a chunk of its own, which the entry
  // alone loads, and the cold path holds only code that waits to be called.
  files.delete(join(ROOT, 'dist', 'cli', 'main.js'));
  return (id) => files.has(id) || inPackage.some((part) => id.includes(part));
}

rmSync(OUT, { recursive: true, force: true });
const bundled = await build({
  // The loader of the cached cold path (cold-path-script.mjs) is an entry of its own: the chunk
  // that loads the cold path's code requires it by this name.
  input: {
    'agent-hooks': join(ROOT, 'dist', 'cli', 'bin.js'),
    'chunk-code-cache': join(ROOT, 'dist', 'cli', 'code-cache.js'),
  },
  platform: 'node',
  // jsonc-parser's `main` is a UMD file whose require() calls a bundle cannot follow.
  resolve: { mainFields: ['module', 'main'] },
  external: (id) => PEERS.some((peer) => id === peer || id.startsWith(`${peer}/`)),
  logLevel: 'warn',
  output: {
    dir: OUT,
    // CommonJS: an ES module entry starts Node's ES module loader, several milliseconds of every
    // start (and Node 20 has no code cache for ES modules). The package's library entry points
    // stay ES modules.
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: 'chunk-[name]-[hash].cjs',
    codeSplitting: { groups: [{ name: 'cold-path', test: coldPath() }] },
    // The packages' JSDoc (most of commander's text) is parsed on every start and read by no one
    // there; license comments stay.
    comments: { legal: true, annotation: true, jsdoc: false },
    // One non-ASCII character (a § in a message) makes the whole file a two-byte string in V8;
    // escaped, a start here peaks about 1 MiB lower (its CPU time was within the noise).
    charset: 'ascii',
  },
});

const coldChunk = bundled.output.find((o) => o.type === 'chunk' && o.fileName.startsWith('chunk-cold-path-'));
if (!coldChunk) throw new Error('bundle-cli: no cold-path chunk was written');
rewriteChunks(OUT, coldChunk.fileName);
