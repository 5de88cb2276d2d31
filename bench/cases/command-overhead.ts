// One command hook through the runner against a bare `spawn('/bin/sh', ['-c', cmd])` fed the
// same stdin, alternated within one run so machine load hits both sides alike (DESIGN.md
// "Performance targets"). Ratio = median runner / median bare.
import { spawn } from 'node:child_process';
import type { CommandHandler } from '../../src/model/handler.ts';
import type { RunRequest } from '../../src/runners/types.ts';
import { shippedCommandRunner } from '../shipped.ts';
import { type BenchCase, median } from '../types.ts';

let runCommandHandler: Awaited<ReturnType<typeof shippedCommandRunner>>['runCommandHandler'];

const WARMUP_PAIRS = 20;
const MEASURED_PAIRS = 200;
const COMMAND = "cat >/dev/null; echo '{}'";

const payload = {
  session_id: 'bench',
  transcript_path: '/tmp/bench.jsonl',
  cwd: process.cwd(),
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'npm test -- --runInBand', description: 'x'.repeat(400) },
  tool_use_id: 'toolu_bench',
};
const payloadJson = JSON.stringify(payload);

const request: RunRequest<CommandHandler> = {
  handler: {
    type: 'command',
    event: 'PreToolUse',
    eventKey: 'PreToolUse',
    dialect: 'claude',
    source: { file: 'bench', pointer: '/0', scope: 'project' },
    spec: { command: COMMAND },
  },
  event: 'PreToolUse',
  input: payload,
  payload,
  payloadJson,
  projectDir: process.cwd(),
  sessionId: 'bench',
  timeoutMs: 30_000,
  signal: new AbortController().signal,
  env: process.env,
  policy: {},
};

function bare(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', COMMAND], { cwd: process.cwd() });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stdin.on('error', () => {});
    child.stdin.end(`${payloadJson}\n`);
    child.on('error', reject);
    child.on('close', () => (out === '{}\n' ? resolve() : reject(new Error(`bare: ${out}`))));
  });
}

async function viaRunner(): Promise<void> {
  const result = await runCommandHandler(request);
  if (result.stdout !== '{}\n') throw new Error(`runner: ${JSON.stringify(result)}`);
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const commandOverhead: BenchCase = {
  name: 'command-overhead',
  unit: 'ms',
  target: 'ratio ≤ 1.10',
  async run() {
    ({ runCommandHandler } = await shippedCommandRunner());
    for (let i = 0; i < WARMUP_PAIRS; i++) {
      await viaRunner();
      await bare();
    }
    const runner: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < MEASURED_PAIRS; i++) {
      // Alternate which side goes first so neither always runs on a warmer cache.
      if (i % 2 === 0) {
        runner.push(await timed(viaRunner));
        baseline.push(await timed(bare));
      } else {
        baseline.push(await timed(bare));
        runner.push(await timed(viaRunner));
      }
    }
    const value = median(runner);
    const base = median(baseline);
    return { value, baseline: base, ratio: value / base };
  },
};

export default commandOverhead;
