// Ten matching handlers that each sleep 100 ms, dispatched through the engine, against the same
// ten commands started with bare `spawn` in parallel in the same run (DESIGN.md "Performance
// targets"; on 2 cores each spawn blocks the event loop for milliseconds, so the bare fan-out is
// the honest baseline). Ratio = median engine / median bare.
import { spawn } from 'node:child_process';
import { shippedIndex } from '../shipped.ts';
import { type BenchCase, median } from '../types.ts';

const FANOUT = 10;
const ROUNDS = 15;
const commands = Array.from({ length: FANOUT }, (_, i) => `cat >/dev/null; sleep 0.1; echo '{}' # ${i}`);

function bareOne(command: string, stdin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command]);
    child.stdout.resume();
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

const parallelFanout: BenchCase = {
  name: 'parallel-fanout',
  unit: 'ms',
  target: 'ratio ≤ 1.10',
  async run() {
    const { createHookEngine } = await shippedIndex();
    const engine = await createHookEngine({
      discover: false,
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
    const viaEngine: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS + 2; round++) {
      let start = performance.now();
      const result = await engine.dispatch('PreToolUse', input);
      const engineMs = performance.now() - start;
      if (result.hooks.length !== FANOUT)
        throw new Error(`expected ${FANOUT} hooks, ran ${result.hooks.length}`);
      start = performance.now();
      await Promise.all(commands.map((command) => bareOne(command, stdin)));
      const bareMs = performance.now() - start;
      if (round >= 2) {
        viaEngine.push(engineMs);
        bare.push(bareMs);
      }
    }
    await engine.close();
    const value = median(viaEngine);
    const baseline = median(bare);
    return {
      value: Number(value.toFixed(1)),
      baseline: Number(baseline.toFixed(1)),
      ratio: Number((value / baseline).toFixed(3)),
    };
  },
};

export default parallelFanout;
