import { describe, expect, it } from 'vitest';
import { deadlineDiagnostic, startDeadline } from '../../src/runners/deadline.ts';

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
