// Issue 13 item 4: hundreds of matching hooks under a low descriptor limit used to fail every spawn
// with EMFILE, the deny guard's included (decision null). Processes now run in capped slots.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
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
    const first = await slots.acquire('protected');
    const second = await slots.acquire('protected');
    const third = slots.acquire('protected').then((release) => {
      order.push(3);
      return release;
    });
    const fourth = slots.acquire('protected').then((release) => {
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

describe('slots kept for user and policy hooks', () => {
  it('project hooks leave a share of the slots free, and a waiting protected run goes first', async () => {
    const slots = createProcessSlots(8);
    expect(slots.reserved).toBe(1);
    const shared = Array.from({ length: 7 }, () => slots.tryAcquire('shared'));
    expect(shared.every((release) => typeof release === 'function')).toBe(true);
    // The eighth slot is kept: a project hook waits, a user hook takes it.
    expect(slots.tryAcquire('shared')).toBeUndefined();
    const user = slots.tryAcquire('protected');
    expect(user).toBeTypeOf('function');
    const order: string[] = [];
    const sharedWaiter = slots.acquire('shared').then((release) => {
      order.push('shared');
      return release;
    });
    const protectedWaiter = slots.acquire('protected').then((release) => {
      order.push('protected');
      return release;
    });
    // A project hook's slot comes free: the protected run waiting behind the shared one gets it.
    shared[0]?.();
    (await protectedWaiter)();
    expect(order).toEqual(['protected']);
    user?.();
    (await sharedWaiter)();
    expect(order).toEqual(['protected', 'shared']);
  });

  it("a repository's slow hooks holding every open slot cannot keep a user's guard from denying", async () => {
    const gate = tempDir('slot-reserve');
    const hold = (i: number) => ({
      type: 'command',
      command: `while [ ! -e '${gate}/go' ]; do sleep 0.05; done # ${i}`,
    });
    const engine = await createHookEngine({
      discover: false,
      sessionId: 's',
      runners: { command: createCommandRunner({ maxConcurrentProcesses: 2 }) },
      sources: [
        {
          file: join(gate, 'project.json'),
          kind: 'claude-settings',
          scope: 'project',
          config: { hooks: { PostToolUse: [{ hooks: [hold(1), hold(2)] }] } },
        },
        {
          file: join(gate, 'user.json'),
          kind: 'claude-settings',
          scope: 'user',
          config: {
            hooks: {
              PreToolUse: [
                { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo no >&2; exit 2', timeout: 2 }] },
              ],
            },
          },
        },
      ],
    });
    try {
      const held = engine.dispatch('PostToolUse', {
        tool_name: 'Bash',
        tool_input: {},
        tool_response: {},
        tool_use_id: 't1',
      });
      const guarded = await engine.dispatch('PreToolUse', {
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
        tool_use_id: 't2',
      });
      expect(guarded.decision).toBe('deny');
      writeFileSync(join(gate, 'go'), '');
      expect((await held).hooks.map((hook) => hook.outcome)).toEqual(['success', 'success']);
    } finally {
      writeFileSync(join(gate, 'go'), '');
      await engine.close();
    }
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
