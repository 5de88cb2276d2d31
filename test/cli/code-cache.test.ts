import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { DIST_DIR, REPO_ROOT } from '../helpers/paths.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

// Issue 16 item 4: the bundled CLI's cold path is compiled from a V8 code cache kept in a folder
// only this user can write (src/cli/code-cache.ts). Each case starts a real Node process, as a
// host starts the CLI, because the cache is read at start and written at exit.

const LOADER = pathToFileURL(join(DIST_DIR, 'cli', 'code-cache.js')).href;

/** A CommonJS-shaped script with a builtin require, a given dependency and an import() of a sibling. */
function fixtureScript(): string {
  const dir = tempDir('code-cache-script');
  writeFile(dir, 'sibling.mjs', 'export const answer = 42;\n');
  return writeFile(
    dir,
    'script.cjs',
    [
      'const path = require("node:path");',
      'const given = require("./given.js");',
      'exports.base = path.basename(__filename);',
      'exports.given = given.value;',
      'exports.later = () => __agentHooksImport("./sibling.mjs").then((m) => m.answer);',
      // What run and bridge do after a dispatch (src/cli/warm-mark.ts): the cache is worth writing.
      'if (process.env.WARM !== "0") globalThis[Symbol.for("agent-hooks.cold-path-warm")] = true;',
    ].join('\n'),
  );
}

interface Load {
  status: string;
  base: string;
  given: number;
  later: number;
}

/** Loads `script` in a new Node process with `env`; the cache's status and the script's exports. */
function loadInChild(script: string, env: NodeJS.ProcessEnv): Promise<Load> {
  const code = [
    `const { loadCachedScript, codeCacheStatus } = await import(${JSON.stringify(LOADER)});`,
    `const m = loadCachedScript(${JSON.stringify(script)}, (id) => (id === './given.js' ? { value: 7 } : process.getBuiltinModule(id)));`,
    'console.log(JSON.stringify({ status: codeCacheStatus(), base: m.base, given: m.given, later: await m.later() }));',
  ].join('\n');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', code],
      { env: { ...process.env, AGENT_HOOKS_NO_CODE_CACHE: '', ...env } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as Load);
      },
    );
  });
}

const cacheDir = (home: string) => join(home, 'agent-hooks', 'v8');
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the code cache of the bundled CLI', () => {
  it('is written on the first start, private, and used on the next', async () => {
    const script = fixtureScript();
    const home = tempDir('code-cache-home');
    const first = await loadInChild(script, { XDG_CACHE_HOME: home });
    expect(first).toEqual({ status: 'created', base: 'script.cjs', given: 7, later: 42 });
    const files = readdirSync(cacheDir(home));
    expect(files).toHaveLength(1);
    expect(mode(cacheDir(home))).toBe(0o700);
    expect(mode(join(cacheDir(home), files[0] as string))).toBe(0o600);
    expect(await loadInChild(script, { XDG_CACHE_HOME: home })).toEqual({ ...first, status: 'used' });
  });

  it('is not written by a start that ended before a whole event ran', async () => {
    const script = fixtureScript();
    const home = tempDir('code-cache-cold');
    expect((await loadInChild(script, { XDG_CACHE_HOME: home, WARM: '0' })).status).toBe('created');
    expect(readdirSync(cacheDir(home))).toEqual([]);
    expect((await loadInChild(script, { XDG_CACHE_HOME: home })).status).toBe('created');
    expect((await loadInChild(script, { XDG_CACHE_HOME: home })).status).toBe('used');
  });

  it('is not used for a script rewritten in place with the same length', async () => {
    const script = fixtureScript();
    const home = tempDir('code-cache-rewritten');
    await loadInChild(script, { XDG_CACHE_HOME: home });
    const text = readFileSync(script, 'utf8');
    const edited = text.replace('exports.base =', 'exports.BASE =');
    expect(edited.length).toBe(text.length);
    writeFileSync(script, edited);
    // A later time, as any rewrite has (set here, so the test holds on a coarse clock too).
    utimesSync(script, new Date(), new Date(Date.now() + 5000));
    const again = await loadInChild(script, { XDG_CACHE_HOME: home });
    expect(again).toMatchObject({ status: 'created', given: 7, later: 42 });
    expect(again.base).toBeUndefined();
  });

  it('survives a corrupt cache file: V8 rejects it, the script runs, the file is written again', async () => {
    const script = fixtureScript();
    const home = tempDir('code-cache-corrupt');
    await loadInChild(script, { XDG_CACHE_HOME: home });
    const file = join(cacheDir(home), readdirSync(cacheDir(home))[0] as string);
    writeFileSync(file, Buffer.alloc(4096, 0x5a), { mode: 0o600 });
    const rejected = await loadInChild(script, { XDG_CACHE_HOME: home });
    expect(rejected).toEqual({ status: 'rejected', base: 'script.cjs', given: 7, later: 42 });
    expect((await loadInChild(script, { XDG_CACHE_HOME: home })).status).toBe('used');
  });

  it('marks a file in use as used, and removes files unused for 30 days when it writes one', async () => {
    const script = fixtureScript();
    const home = tempDir('code-cache-prune');
    await loadInChild(script, { XDG_CACHE_HOME: home });
    const [current] = readdirSync(cacheDir(home));
    const at = (name: string) => join(cacheDir(home), name);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    // In use two days after it was written: its time moves to now.
    utimesSync(at(current as string), daysAgo(2), daysAgo(2));
    expect((await loadInChild(script, { XDG_CACHE_HOME: home })).status).toBe('used');
    expect(Date.now() - statSync(at(current as string)).mtimeMs).toBeLessThan(60 * 60 * 1000);
    // Another version's files: one unused for 40 days, one used 10 days ago, a dead start's temporary file.
    for (const [name, age] of [
      ['old.code.cjs.0.bin', 40],
      ['recent.code.cjs.1.bin', 10],
      ['x.bin.99.tmp', 1],
    ] as const) {
      writeFileSync(at(name), 'x', { mode: 0o600 });
      utimesSync(at(name), daysAgo(age), daysAgo(age));
    }
    // A rewritten script writes a new cache file, and the unused ones go.
    utimesSync(script, new Date(), new Date(Date.now() + 5000));
    expect((await loadInChild(script, { XDG_CACHE_HOME: home })).status).toBe('created');
    const left = readdirSync(cacheDir(home));
    expect(left).toContain('recent.code.cjs.1.bin');
    expect(left).toContain(current);
    expect(left).not.toContain('old.code.cjs.0.bin');
    expect(left).not.toContain('x.bin.99.tmp');
    expect(left).toHaveLength(3);
  });

  it('is not read or written in a folder others can write, nor when turned off', async () => {
    const script = fixtureScript();
    const home = tempDir('code-cache-open');
    await loadInChild(script, { XDG_CACHE_HOME: home });
    chmodSync(cacheDir(home), 0o777);
    const open = await loadInChild(script, { XDG_CACHE_HOME: home });
    expect(open).toEqual({ status: 'off', base: 'script.cjs', given: 7, later: 42 });
    chmodSync(cacheDir(home), 0o700);
    const file = join(cacheDir(home), readdirSync(cacheDir(home))[0] as string);
    chmodSync(file, 0o666);
    // Not read (another user could have written it), and replaced by a private one.
    expect((await loadInChild(script, { XDG_CACHE_HOME: home })).status).toBe('created');
    expect(mode(file)).toBe(0o600);
    const off = tempDir('code-cache-off');
    const turnedOff = await loadInChild(script, { XDG_CACHE_HOME: off, AGENT_HOOKS_NO_CODE_CACHE: '1' });
    expect(turnedOff.status).toBe('off');
    expect(existsSync(cacheDir(off))).toBe(false);
  });

  it('gives the same answer from the bin with and without a cache', async () => {
    const home = tempDir('code-cache-bin');
    const demo = join(REPO_ROOT, 'examples', 'demo-project');
    const args = ['run', 'PreToolUse', '--cwd', demo, '--no-user', '--input', '-', '--json'];
    const stdin = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    const env = { ...process.env, XDG_CACHE_HOME: home, AGENT_HOOKS_NO_CODE_CACHE: '' };
    // A start that runs no event leaves no cache: it would hold too little of run's code.
    expect((await spawnBuiltCli(['--version'], { env })).code).toBe(0);
    expect(existsSync(cacheDir(home)) ? readdirSync(cacheDir(home)) : []).toEqual([]);
    const runs = [];
    for (let i = 0; i < 2; i++) runs.push(await spawnBuiltCli(args, { stdin, env }));
    expect(readdirSync(cacheDir(home)).filter((f) => f.startsWith('chunk-cold-path-'))).toHaveLength(1);
    for (const run of runs) {
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({
        decision: 'deny',
        reason: expect.stringMatching(/demo guard/),
      });
    }
    // bridge keeps a cache of its own: one written by run would lack the functions bridge needs.
    const payload = JSON.stringify({
      session_id: 's',
      hook_event_name: 'PreToolUse',
      cwd: demo,
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    const bridgeArgs = ['bridge', '--host', 'claude-code', '--cwd', demo, '--no-user', '--state-dir', home];
    const bridge = await spawnBuiltCli(bridgeArgs, { stdin: payload, env });
    expect(bridge.code).toBe(0);
    expect(JSON.parse(bridge.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(readdirSync(cacheDir(home)).filter((f) => f.startsWith('chunk-cold-path-'))).toHaveLength(2);
  });
});

describe('the cache key', () => {
  it('differs by command, so each of run and bridge has a cache of its own functions', async () => {
    const { codeCacheFile } = await import('../../src/cli/code-cache.ts');
    const script = fixtureScript();
    const dir = tempDir('code-cache-key');
    expect(codeCacheFile(dir, script, 'run')).not.toBe(codeCacheFile(dir, script, 'bridge'));
    expect(codeCacheFile(dir, script, 'run')).toBe(codeCacheFile(dir, script, 'run'));
  });
});

describe('the cache file name', () => {
  /** FNV-1a, 64 bits, over UTF-16 code units, with BigInt: the definition, slowly. */
  function reference(text: string): string {
    let hash = 0xcbf29ce484222325n;
    for (let i = 0; i < text.length; i++) {
      hash ^= BigInt(text.charCodeAt(i));
      hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    return hash.toString(16).padStart(16, '0');
  }

  it('hashes its key with 64-bit FNV-1a (no crypto at start)', async () => {
    const { keyHash } = await import('../../src/cli/code-cache.ts');
    const keys = [
      '',
      'a',
      'hello',
      ['v20.20.2', 'x64', '--flag', '/x/chunk.code.cjs', 572200, 1733150000000.5].join('\0'),
      'ü€😀',
    ];
    for (const key of keys) expect(keyHash(key), key).toBe(reference(key));
    expect(keyHash('')).toBe('cbf29ce484222325');
  });
});
