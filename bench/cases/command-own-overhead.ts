// The runner's own cost, isolated from the cost of a new session. Hooks must run in their own
// session (setsid via `detached: true`) so that one kill reaches every descendant; on Linux with
// scheduler autogroups a new session is also a new scheduling group, which a loaded machine can
// make slower to start. Comparing against a bare *detached* spawn with the same stdin shows
// what the runner itself adds (temp-file stdin, environment, timers, output collection).
import { spawn } from 'node:child_process';
import { shippedCommandRunner } from '../shipped.ts';
import { type BenchCase, median } from '../types.ts';

let runProcess: Awaited<ReturnType<typeof shippedCommandRunner>>['runProcess'];

const WARMUP_PAIRS = 20;
const MEASURED_PAIRS = 200;
const COMMAND = "cat >/dev/null; echo '{}'";
const input = Buffer.from(
  `${JSON.stringify({ hook_event_name: 'PreToolUse', tool_input: { command: 'x'.repeat(400) } })}\n`,
);

function bareDetached(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', COMMAND], { detached: true });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('error', reject);
    child.on('close', () => (out === '{}\n' ? resolve() : reject(new Error(`bare: ${out}`))));
  });
}

async function viaRunProcess(): Promise<void> {
  const result = await runProcess({
    file: '/bin/sh',
    args: ['-c', COMMAND],
    shell: 'sh',
    cwd: process.cwd(),
    env: process.env,
    input,
    timeoutMs: 30_000,
  });
  if (result.stdout !== '{}\n') throw new Error(`runner: ${JSON.stringify(result)}`);
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const ownOverhead: BenchCase = {
  name: 'command-own-overhead',
  unit: 'ms',
  target: 'ratio ≤ 1.10 (vs detached spawn)',
  async run() {
    ({ runProcess } = await shippedCommandRunner());
    for (let i = 0; i < WARMUP_PAIRS; i++) {
      await viaRunProcess();
      await bareDetached();
    }
    const runner: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < MEASURED_PAIRS; i++) {
      if (i % 2 === 0) {
        runner.push(await timed(viaRunProcess));
        baseline.push(await timed(bareDetached));
      } else {
        baseline.push(await timed(bareDetached));
        runner.push(await timed(viaRunProcess));
      }
    }
    const value = median(runner);
    const base = median(baseline);
    return { value, baseline: base, ratio: value / base };
  },
};

export default ownOverhead;
