import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { waitForExit } from '../../../src/runners/command/wait-for-exit.ts';

// A guard's deny was lost on a busy machine (seen in the decision-table test at load 16): the
// drain timer became due while the hook's last output and EOF already waited in the pipe, and
// timers run before I/O in a turn of the event loop. The child is an emitter here because the
// test must fix the order of "timer due" and "pipe readable", which real processes only hit by chance.

function fakeChild(): ChildProcess & { stdout: EventEmitter; stderr: EventEmitter } {
  return Object.assign(new EventEmitter(), {
    pid: 4242,
    stdout: new EventEmitter(),
    stderr: new EventEmitter(),
  }) as never;
}

/** Blocks the event loop, as a loaded machine does. */
function busy(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const DRAIN_MS = 10;
const explain = async () => ({ code: 'ENOENT' }) as never;

describe('waitForExit on a loaded machine', () => {
  it('reads output that is ready when the drain timer comes due, instead of calling the pipes held', async () => {
    // Start in the check phase, so the next turn runs timers before the queued immediate.
    await new Promise((resolve) => setImmediate(resolve));
    const child = fakeChild();
    const ended = waitForExit(child, DRAIN_MS, explain);
    child.emit('exit', 0, null);
    // The pipe's last data and EOF are ready in the same turn the overdue timer fires.
    setImmediate(() => {
      child.stdout.emit('data', Buffer.from('{"decision":"block"}'));
      child.stdout.emit('close');
      child.stderr.emit('close');
    });
    busy(DRAIN_MS * 3);
    expect(await ended).toEqual({ exitCode: 0, signal: null });
  });

  it('keeps waiting while output still arrives, and calls the pipes held once it stops', async () => {
    // Start in the check phase, so the next turn runs timers before the queued immediate.
    await new Promise((resolve) => setImmediate(resolve));
    const child = fakeChild();
    const ended = waitForExit(child, DRAIN_MS, explain);
    child.emit('exit', 0, null);
    setImmediate(() => child.stdout.emit('data', Buffer.from('more')));
    busy(DRAIN_MS * 3);
    // Data came in, but the streams never closed (a descendant holds them): held after a quiet drain.
    expect(await ended).toEqual({ exitCode: 0, signal: null, streamsHeld: true });
    expect(child.stdout.listenerCount('data')).toBe(0);
  });
});

describe('waitForExit while a descendant keeps writing', () => {
  it('stops reading after a bounded drain and says output was still arriving', async () => {
    const child = fakeChild();
    const ended = waitForExit(child, DRAIN_MS, explain);
    child.emit('exit', 2, null);
    // A background child that writes forever (`while :; do echo tick; done &`) and never closes the pipe.
    const writer = setInterval(() => child.stdout.emit('data', Buffer.from('tick\n')), 1);
    try {
      expect(await ended).toEqual({ exitCode: 2, signal: null, streamsHeld: true, writtenAfterExit: true });
    } finally {
      clearInterval(writer);
    }
    expect(child.stdout.listenerCount('data')).toBe(0);
  });
});
