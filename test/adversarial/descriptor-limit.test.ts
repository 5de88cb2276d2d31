// Issue 13 item 4: hundreds of matching hooks under a low descriptor limit used to fail every spawn
// with EMFILE, the deny guard's included (decision null). Processes now run in capped slots.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProcessSlots } from '../../src/runners/command/process-slots.ts';
import { createCommandRunner } from '../../src/runners/command/run-command-handler.ts';
import { FIXTURES_DIR } from '../helpers/engine.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { commandRequest } from '../runners/command/helpers.ts';

/** Low enough that 150 hooks at once cannot all hold their pipes. */
const DESCRIPTOR_LIMIT = 128;
const HOOKS = 150;

function runHost(): Promise<string> {
  const script = `ulimit -n ${DESCRIPTOR_LIMIT} && exec "${process.execPath}" command/many-hooks.mjs ${HOOKS}`;
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', script], { cwd: FIXTURES_DIR }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

describe('item 4: descriptor exhaustion', () => {
  it(`${HOOKS} matching hooks at ulimit -n ${DESCRIPTOR_LIMIT}: every hook runs and the guard denies`, async () => {
    const result = JSON.parse(await runHost());
    expect(result).toEqual({ decision: 'deny', outcomes: { success: HOOKS, blocking: 1 } });
  });

  it('slots run at most their limit at once and hand over in arrival order', async () => {
    const slots = createProcessSlots(2);
    const order: number[] = [];
    const first = await slots.acquire();
    const second = await slots.acquire();
    const third = slots.acquire().then((release) => {
      order.push(3);
      return release;
    });
    const fourth = slots.acquire().then((release) => {
      order.push(4);
      return release;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    first(); // a second release of the same slot frees nothing more
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual([3, 4]);
  });

  it('a slot is taken at once only while one is free, never ahead of a waiting run', async () => {
    const slots = createProcessSlots(1);
    const first = slots.tryAcquire();
    expect(first).toBeTypeOf('function');
    expect(slots.tryAcquire()).toBeUndefined();
    const waiting = slots.acquire();
    first?.();
    // The freed slot went to the run that was waiting, not to whoever asks next.
    expect(slots.tryAcquire()).toBeUndefined();
    (await waiting)();
    const again = slots.tryAcquire();
    expect(again).toBeTypeOf('function');
    again?.();
  });
});

describe('a hook that waited for a slot until its timeout', () => {
  it('says it never started, not that it did not finish', async () => {
    const runner = createCommandRunner({ maxConcurrentProcesses: 1 });
    const gate = tempDir('slot-wait');
    // The first hook holds the only slot until the test lets it go.
    const holder = runner(commandRequest({ command: `while [ ! -e '${gate}/go' ]; do sleep 0.05; done` }));
    const queued = await runner(commandRequest({ command: 'echo never >&2; exit 2' }, { timeoutMs: 300 }));
    writeFileSync(join(gate, 'go'), '');
    expect((await holder).exitCode).toBe(0);
    expect(queued.timedOut).toBe(true);
    expect(queued.exitCode).toBeNull();
    expect(queued.diagnostics).toEqual([
      {
        code: 'RUNNER_TIMEOUT',
        message:
          'the command hook never started: every process slot (maxConcurrentProcesses) was held by other hooks for the whole of its 300 ms timeout',
      },
    ]);
  });
});
