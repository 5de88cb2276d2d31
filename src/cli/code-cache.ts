// Loads the bundled CLI's cold-path code (what `run` and `bridge` need on every event) from a
// V8 code cache. A host starts the CLI on every tool call, and compiling that code was the
// largest part of the start after Node's own (issue 16 item 4). Node 22.1 caches what it
// compiles itself (module.enableCompileCache, bin.ts); Node 20 has no such cache for the files
// it loads, only vm.Script's cachedData. So the build (scripts/cold-path-script.mjs) moves the
// chunk's code into a `.code.cjs` file that this module compiles with the cache of an earlier start.
//
// The cache lives in a folder only this user can write ($XDG_CACHE_HOME/agent-hooks/v8, else
// ~/.cache/agent-hooks/v8): V8 runs cached bytecode as it is, so a file another user could
// write would be code they choose. A folder that is not private, a cache V8 rejects (another
// Node, other flags) or any error reading or writing it only costs the compile: the CLI
// behaves the same. AGENT_HOOKS_NO_CODE_CACHE=1 turns it off.
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** Set by the CLI when a start has run a whole event (src/cli/warm-mark.ts, the same name). */
const COLD_PATH_WARM = Symbol.for('agent-hooks.cold-path-warm');

/** Group and others may not write or read the folder or its files. */
const PRIVATE_MODE_MASK = 0o077;
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;
/** A cache file in use is marked as used (its time set to now) when its time is older than this. */
const MARK_USED_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * Cache files unused this long are removed whenever a new one is written: each new version of the
 * package (or each build, for a developer) writes a file of about 600 KB beside the old ones.
 * Not sooner: two projects may pin two versions and start them in turns, each with its own file.
 */
const UNUSED_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A temporary file this old was left by a start that died while it wrote. */
const TEMPORARY_MAX_AGE_MS = 60 * 60 * 1000;

/** The folder the cache files live in, or undefined when there is none this user alone owns. */
export function codeCacheDirectory(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.AGENT_HOOKS_NO_CODE_CACHE === '1') return undefined;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const dir = join(base, 'agent-hooks', 'v8');
  try {
    mkdirSync(dir, { recursive: true, mode: DIRECTORY_MODE });
    const stat = lstatSync(dir);
    const mine = process.getuid === undefined || stat.uid === process.getuid();
    if (!stat.isDirectory() || !mine || (stat.mode & PRIVATE_MODE_MASK) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * One cache file per script (its path, size and time), Node and V8 flags, and command: V8 rejects
 * data made under another version or other flags, but it checks a script only by its length, so a
 * script rewritten in place must not meet its old cache; two Node installations sharing a home
 * would otherwise overwrite each other; and a cache holds the functions of the start that wrote
 * it, so `bridge` on a cache `run` wrote compiled what `run` never needed (a bridge start measured
 * 4% slower than on its own cache).
 */
export function codeCacheFile(dir: string, scriptFile: string, command = process.argv[2] ?? ''): string {
  const { size, mtimeMs } = statSync(scriptFile);
  const key = keyHash(
    [process.version, process.arch, ...process.execArgv, scriptFile, size, mtimeMs, command].join('\0'),
  );
  return join(dir, `${basename(scriptFile)}.${key}.bin`);
}

/**
 * 64 bits of FNV-1a over the key, as 16 hex digits. Not sha256: crypto costs a start about 4 ms
 * to load, and this name guards against no one (the folder is the user's own and V8 checks the
 * data's version and flags itself); it only keeps two versions of the script apart.
 */
export function keyHash(text: string): string {
  let high = FNV_OFFSET_HIGH;
  let low = FNV_OFFSET_LOW;
  for (let i = 0; i < text.length; i++) {
    low = (low ^ text.charCodeAt(i)) >>> 0;
    // Multiply the 64-bit state by the FNV prime 2^40 + 0x1b3, in two 32-bit halves.
    const lowProduct = low * FNV_PRIME_LOW;
    high =
      (Math.imul(high, FNV_PRIME_LOW) +
        Math.imul(low, FNV_PRIME_HIGH_SHIFTED) +
        Math.floor(lowProduct / 2 ** 32)) >>>
      0;
    low = lowProduct >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

const FNV_OFFSET_HIGH = 0xcbf29ce4;
const FNV_OFFSET_LOW = 0x84222325;
const FNV_PRIME_LOW = 0x1b3;
/** The prime's high half is 2^8 (2^40 = 2^8 · 2^32). */
const FNV_PRIME_HIGH_SHIFTED = 0x100;

/** The cached data, when the file exists, is a regular file and is this user's alone. */
function readCache(file: string): Buffer | undefined {
  try {
    const stat = lstatSync(file);
    const mine = process.getuid === undefined || stat.uid === process.getuid();
    if (!stat.isFile() || !mine || (stat.mode & PRIVATE_MODE_MASK) !== 0) return undefined;
    const data = readFileSync(file);
    if (Date.now() - stat.mtimeMs > MARK_USED_AFTER_MS) markUsed(file);
    return data;
  } catch {
    return undefined;
  }
}

function markUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Read-only: the file may be removed as unused one day, and is then written again.
  }
}

/** Written beside the target and renamed over it: parallel starts never read half a file. */
function writeCache(file: string, script: Script): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: FILE_MODE });
    renameSync(temporary, file);
  } catch {
    // A full disk or a read-only home: the next start compiles again.
  }
  removeUnused(dirname(file), file);
}

/** Removes the folder's cache files unused for UNUSED_MAX_AGE_MS, and dead starts' temporary files. */
function removeUnused(dir: string, keep: string): void {
  try {
    const now = Date.now();
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const maxAge = name.endsWith('.bin')
        ? UNUSED_MAX_AGE_MS
        : name.endsWith('.tmp')
          ? TEMPORARY_MAX_AGE_MS
          : undefined;
      if (path === keep || maxAge === undefined) continue;
      const stat = lstatSync(path);
      if (stat.isFile() && now - stat.mtimeMs > maxAge) unlinkSync(path);
    }
  } catch {
    // Another start removed it first, or the folder cannot be listed: nothing is lost.
  }
}

/** What the last load did with the cache: `off` (none to use), `created`, `used`, or `rejected` by V8 (rewritten). */
export type CodeCacheStatus = 'off' | 'created' | 'used' | 'rejected';

let lastStatus: CodeCacheStatus | undefined;

/** The cache's part in the last `loadCachedScript` of this process (tests, diagnostics). */
export function codeCacheStatus(): CodeCacheStatus | undefined {
  return lastStatus;
}

function statusOf(
  cacheFile: string | undefined,
  cachedData: Buffer | undefined,
  script: Script,
): CodeCacheStatus {
  if (cacheFile === undefined) return 'off';
  if (cachedData === undefined) return 'created';
  return script.cachedDataRejected === true ? 'rejected' : 'used';
}

/**
 * Runs the CommonJS script `file` and returns its exports. Its `require` is `requireFor` (the
 * caller's, so modules load once, from the caller's folder); its `import()` calls, renamed to
 * `__agentHooksImport` by the build, load relative to it.
 */
export function loadCachedScript(file: string, requireFor: (id: string) => unknown): Record<string, unknown> {
  const source = readFileSync(file, 'utf8');
  const dir = codeCacheDirectory();
  const cacheFile = dir === undefined ? undefined : codeCacheFile(dir, file);
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  const wrapped = `(function (exports, require, module, __filename, __dirname, __agentHooksImport) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  lastStatus = statusOf(cacheFile, cachedData, script);
  // Written at exit, so the functions this run compiled lazily are in the cache too; only after a
  // start that ran a whole event (warm-mark.ts), or the cache would miss most of them.
  if (cacheFile !== undefined && (lastStatus === 'created' || lastStatus === 'rejected'))
    process.once('exit', () => {
      if ((globalThis as Record<symbol, unknown>)[COLD_PATH_WARM] === true) writeCache(cacheFile, script);
    });
  const importFor = (specifier: string): Promise<unknown> =>
    import(specifier.startsWith('.') ? pathToFileURL(resolve(dirname(file), specifier)).href : specifier);
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, requireFor, module, file, dirname(file), importFor);
  return module.exports;
}
