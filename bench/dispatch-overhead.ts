// Per-hook overhead inside the engine (issue 16 item 4): `engine.dispatch` of N matching command
// hooks against the same N commands started with bare `spawn('/bin/sh', ['-c', …])` in parallel,
// fed the same stdin, alternated pair by pair in one run. Ratio = median engine / median bare.
import { spawn } from 'node:child_process';
import { shippedIndex } from './shipped.ts';
import { type BenchMeasurement, median } from './types.ts';

const WARMUP_PAIRS = 20;
const MEASURED_PAIRS = 150;

export interface OverheadOptions {
  /** Shell text each hook runs before it answers, e.g. `sleep 0.1; ` (default: nothing). */
  work?: string;
  warmupPairs?: number;
  measuredPairs?: number;
  /**
   * Give the engine its base environment (the `env` option, one copy of `process.env` taken up
   * front) instead of letting it read `process.env` on every dispatch.
   */
  fixedEnv?: boolean;
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

export async function dispatchOverhead(
  hooks: number,
  options: OverheadOptions = {},
): Promise<BenchMeasurement & { baseline: number; ratio: number }> {
  const { work = '', warmupPairs = WARMUP_PAIRS, measuredPairs = MEASURED_PAIRS } = options;
  // Distinct commands (the engine runs identical ones once, claude-code-hooks.md §4.9).
  const commands = Array.from({ length: hooks }, (_, i) => `cat >/dev/null; ${work}echo '{}' # ${i}`);
  const { createHookEngine } = await shippedIndex();
  const engine = await createHookEngine({
    discover: false,
    ...(options.fixedEnv ? { env: { ...process.env } } : {}),
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
  const input = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_bench' };
  const stdin = `${JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', ...input })}\n`;
  const viaEngine = async () => {
    const result = await engine.dispatch('PreToolUse', input);
    if (result.hooks.length !== hooks) throw new Error(`expected ${hooks} hooks, ran ${result.hooks.length}`);
  };
  const bare = () => Promise.all(commands.map((command) => bareOne(command, stdin)));
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < warmupPairs + measuredPairs; i++) {
    // Alternate which side goes first so neither always runs on a warmer cache.
    let engineMs: number;
    let bareMs: number;
    if (i % 2 === 0) {
      engineMs = await timed(viaEngine);
      bareMs = await timed(bare);
    } else {
      bareMs = await timed(bare);
      engineMs = await timed(viaEngine);
    }
    if (i >= warmupPairs) {
      a.push(engineMs);
      b.push(bareMs);
    }
  }
  await engine.close();
  const value = median(a);
  const baseline = median(b);
  return { value, baseline, ratio: value / baseline };
}
