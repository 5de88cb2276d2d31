// Per-hook overhead inside the engine (issue 16 item 4): `engine.dispatch` of N matching command
// hooks against the same N commands started with bare `spawn('/bin/sh', ['-c', …])` in parallel,
// fed the same stdin, alternated pair by pair in one run. Ratio = median engine / median bare.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shippedIndex } from './shipped.ts';
import { type BenchMeasurement, median } from './types.ts';

const WARMUP_PAIRS = 20;
const MEASURED_PAIRS = 150;

export interface OverheadOptions {
  /** Shell text each hook runs before it answers, e.g. `sleep 0.1; ` (default: nothing). */
  work?: string;
  warmupPairs?: number;
  measuredPairs?: number;
}

function bareOne(command: string, stdin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', () => (out === '{}\n' ? resolve() : reject(new Error(`bare: ${out}`))));
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** An engine with one PreToolUse command hook per command; `fixedEnv` passes the `env` option. */
async function engineFor(commands: string[], fixedEnv: boolean) {
  const { createHookEngine } = await shippedIndex();
  const engine = await createHookEngine({
    discover: false,
    ...(fixedEnv ? { env: { ...process.env } } : {}),
    sources: [
      {
        file: 'bench.json',
        kind: 'claude-settings',
        config: {
          hooks: { PreToolUse: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] },
        },
      },
    ],
  });
  const dispatch = async () => {
    const result = await engine.dispatch('PreToolUse', INPUT);
    if (result.hooks.length !== commands.length)
      throw new Error(`expected ${commands.length} hooks, ran ${result.hooks.length}`);
  };
  return { dispatch, close: () => engine.close() };
}

const INPUT = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_bench' };

/** Distinct commands (the engine runs identical ones once, claude-code-hooks.md §4.9). */
function hookCommands(hooks: number, work: string): string[] {
  return Array.from({ length: hooks }, (_, i) => `cat >/dev/null; ${work}echo '{}' # ${i}`);
}

/** Medians of `measured` and `baseline` over alternated pairs, and their ratio. */
async function paired(
  measured: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  warmupPairs: number,
  measuredPairs: number,
): Promise<BenchMeasurement & { baseline: number; ratio: number }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < warmupPairs + measuredPairs; i++) {
    // Alternate which side goes first so neither always runs on a warmer cache.
    let measuredMs: number;
    let baselineMs: number;
    if (i % 2 === 0) {
      measuredMs = await timed(measured);
      baselineMs = await timed(baseline);
    } else {
      baselineMs = await timed(baseline);
      measuredMs = await timed(measured);
    }
    if (i >= warmupPairs) {
      a.push(measuredMs);
      b.push(baselineMs);
    }
  }
  const value = median(a);
  const base = median(b);
  return { value, baseline: base, ratio: value / base };
}

export async function dispatchOverhead(
  hooks: number,
  options: OverheadOptions = {},
): Promise<BenchMeasurement & { baseline: number; ratio: number }> {
  const { work = '', warmupPairs = WARMUP_PAIRS, measuredPairs = MEASURED_PAIRS } = options;
  const commands = hookCommands(hooks, work);
  const engine = await engineFor(commands, false);
  const stdin = `${JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', ...INPUT })}\n`;
  const bare = () => Promise.all(commands.map((command) => bareOne(command, stdin)));
  try {
    return await paired(engine.dispatch, bare, warmupPairs, measuredPairs);
  } finally {
    await engine.close();
  }
}

/**
 * One hook dispatched by an engine given the `env` option against the same hook dispatched by an
 * engine that reads `process.env` at each dispatch, alternated in one process: the ratio is what
 * the option leaves of a dispatch (docs/library.md, `env`).
 */
export async function envOptionRatio(): Promise<BenchMeasurement & { baseline: number; ratio: number }> {
  const commands = hookCommands(1, '');
  const fixed = await engineFor(commands, true);
  const live = await engineFor(commands, false);
  try {
    return await paired(fixed.dispatch, live.dispatch, WARMUP_PAIRS, MEASURED_PAIRS);
  } finally {
    await Promise.all([fixed.close(), live.close()]);
  }
}

/**
 * The spawn the runner must make, without the engine: its own session (`detached`), stdin from an
 * unlinked file in tmpfs made while the previous hook ran, the host environment copied with the
 * hook variables added, and `cwd` — against the same bare spawn as command-overhead-n1. The ratio
 * is what the issue's required options cost by themselves (issue 16 item 4 keeps process-group
 * kill and `/dev/stdin`), so n1's ratio less this one is the engine's JavaScript.
 */
export async function spawnFloorRatio(): Promise<BenchMeasurement & { baseline: number; ratio: number }> {
  const [command] = hookCommands(1, '') as [string];
  const stdin = `${JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', ...INPUT })}\n`;
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'agent-hooks-floor-'));
  let count = 0;
  const unlinkedFile = (): number => {
    const path = join(dir, `stdin-${++count}`);
    const fd = openSync(path, 'wx+', 0o600);
    unlinkSync(path);
    return fd;
  };
  let spare = unlinkedFile();
  const floor = () =>
    new Promise<void>((resolve, reject) => {
      const fd = spare;
      writeSync(fd, stdin, 0);
      const env: NodeJS.ProcessEnv = {};
      for (const name of Object.keys(process.env)) env[name] = process.env[name];
      Object.assign(env, { CLAUDECODE: '1', CLAUDE_PROJECT_DIR: process.cwd(), CLAUDE_HOOK_INPUT: stdin });
      const child = spawn('/bin/sh', ['-c', command], {
        cwd: process.cwd(),
        env,
        detached: true,
        stdio: [fd, 'pipe', 'pipe'],
      });
      closeSync(fd);
      spare = unlinkedFile();
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr?.resume();
      child.on('error', reject);
      child.on('close', () => (out === '{}\n' ? resolve() : reject(new Error(`floor: ${out}`))));
    });
  try {
    return await paired(floor, () => bareOne(command, stdin), WARMUP_PAIRS, MEASURED_PAIRS);
  } finally {
    closeSync(spare);
    rmSync(dir, { recursive: true, force: true });
  }
}
