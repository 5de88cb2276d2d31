import { describe, expect, it } from 'vitest';
import { deadlineDiagnostic, startClock, startDeadline } from '../../src/runners/deadline.ts';

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

describe('the shared run deadline', () => {
  it('times out on its own clock and says so with RUNNER_TIMEOUT', async () => {
    const deadline = startDeadline(new AbortController().signal, 1);
    await aborted(deadline.signal);
    expect(deadline.timedOut).toBe(true);
    expect(deadline.cancelled).toBe(false);
    expect((deadline.signal.reason as Error).name).toBe('TimeoutError');
    expect(deadlineDiagnostic(deadline, 'the HTTP hook', 1)).toEqual({
      code: 'RUNNER_TIMEOUT',
      message: 'the HTTP hook did not finish within 1 ms',
    });
    deadline.dispose();
  });

  it("is cancelled when the caller's signal aborts first, and says so with RUNNER_CANCELLED", () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 60_000);
    caller.abort(new Error('engine closed'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.cancelled).toBe(true);
    expect(deadline.timedOut).toBe(false);
    expect(deadlineDiagnostic(deadline, 'the prompt hook', 60_000)?.code).toBe('RUNNER_CANCELLED');
    deadline.dispose();
  });

  it('starts aborted under an aborted signal, and reports nothing when neither happened', () => {
    const caller = new AbortController();
    caller.abort();
    expect(startDeadline(caller.signal, 60_000).cancelled).toBe(true);
    const open = startDeadline(undefined, 60_000);
    expect(deadlineDiagnostic(open, 'x', 60_000)).toBeUndefined();
    open.dispose();
  });

  it('restarts its clock (an async hook’s asyncTimeout), but not once it has passed', async () => {
    const deadline = startDeadline(undefined, 60_000);
    deadline.restart(1);
    await aborted(deadline.signal);
    expect(deadline.timedOut).toBe(true);
    deadline.restart(60_000);
    expect(deadline.signal.aborted).toBe(true);
    deadline.dispose();
  });

  it('lets go of the caller: after dispose, an abort no longer reaches it', () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 60_000);
    deadline.dispose();
    caller.abort();
    expect(deadline.signal.aborted).toBe(false);
  });
});

describe('the clock without a signal (the command runner’s)', () => {
  it('tells onEnd once when the time is up, with a TimeoutError', async () => {
    const reasons: unknown[] = [];
    let ended: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      ended = resolve;
    });
    const clock = startClock(new AbortController().signal, 1, (reason) => {
      reasons.push(reason);
      ended();
    });
    await done;
    expect(clock.timedOut).toBe(true);
    expect(clock.cancelled).toBe(false);
    expect(reasons.map((reason) => (reason as Error).name)).toEqual(['TimeoutError']);
    clock.restart(1);
    clock.dispose();
    expect(reasons).toHaveLength(1);
  });

  it("tells onEnd the caller's reason when its signal aborts first, at once when it already has", () => {
    const caller = new AbortController();
    const reasons: unknown[] = [];
    const clock = startClock(caller.signal, 60_000, (reason) => reasons.push(reason));
    const why = new Error('engine closed');
    caller.abort(why);
    expect(reasons).toEqual([why]);
    expect(clock.cancelled).toBe(true);
    expect(clock.timedOut).toBe(false);
    expect(deadlineDiagnostic(clock, 'the command hook', 60_000)?.code).toBe('RUNNER_CANCELLED');
    clock.dispose();
    const late: unknown[] = [];
    startClock(caller.signal, 60_000, (reason) => late.push(reason)).dispose();
    expect(late).toEqual([why]);
  });

  it('after dispose, neither an abort nor the time reaches onEnd', () => {
    const caller = new AbortController();
    const reasons: unknown[] = [];
    const clock = startClock(caller.signal, 60_000, (reason) => reasons.push(reason));
    clock.dispose();
    caller.abort();
    expect(reasons).toEqual([]);
    expect(clock.cancelled).toBe(false);
  });

  it('follows another signal from then on: the first one no longer ends it, the new one does', () => {
    const dispatch = new AbortController();
    const registry = new AbortController();
    const reasons: unknown[] = [];
    const clock = startClock(dispatch.signal, 60_000, (reason) => reasons.push(reason));
    clock.follow(registry.signal);
    dispatch.abort(new Error('dispatch over'));
    expect(reasons).toEqual([]);
    const closing = new Error('engine closed');
    registry.abort(closing);
    expect(reasons).toEqual([closing]);
    expect(clock.cancelled).toBe(true);
    clock.dispose();
    const already = new AbortController();
    already.abort('gone');
    const late: unknown[] = [];
    startClock(undefined, 60_000, (reason) => late.push(reason)).follow(already.signal);
    expect(late).toEqual(['gone']);
  });

  it('once disposed, neither restart nor follow can end the run (a command hook that exited)', async () => {
    const ends: unknown[] = [];
    const clock = startClock(undefined, 60_000, (reason) => ends.push(reason));
    clock.dispose();
    clock.restart(0);
    const caller = new AbortController();
    caller.abort(new Error('dispatch cancelled'));
    clock.follow(caller.signal);
    // Timers of equal delay fire in the order they were set: a re-armed clock would fire first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ends).toEqual([]);
    expect(clock.timedOut).toBe(false);
    expect(clock.cancelled).toBe(false);
  });
});
