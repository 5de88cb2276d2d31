import { describe, expect, it } from 'vitest';
import { GenerationQueue } from '../../../src/engine/snapshot/generation-queue.ts';

interface Generation {
  id: number;
  content: string;
}

/** Reads that finish only when the test says so, recording what each saw when it started. */
function controlledReads(source: { content: string }) {
  const pending: { id: number; saw: string; finish: () => void; fail: (error: Error) => void }[] = [];
  let running = 0;
  let overlapped = false;
  const read = (id: number) =>
    new Promise<Generation>((resolve, reject) => {
      running += 1;
      if (running > 1) overlapped = true;
      const saw = source.content;
      const done = () => {
        running -= 1;
      };
      pending.push({
        id,
        saw,
        finish: () => {
          done();
          resolve({ id, content: saw });
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { read, pending, overlapped: () => overlapped };
}

/** Lets queued promise reactions run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GenerationQueue: the newest read always wins', () => {
  it('never overlaps reads; callers during a read share the next one, which starts after them', async () => {
    const source = { content: 'v1' };
    const reads = controlledReads(source);
    const queue = new GenerationQueue<Generation>({ id: 1, content: 'v1' }, reads.read);
    source.content = 'v2';
    const first = queue.reload();
    source.content = 'v3';
    const second = queue.reload();
    source.content = 'v4';
    const third = queue.reload();
    expect(reads.pending.map((read) => read.saw)).toEqual(['v2']);
    reads.pending[0]?.finish();
    await settle();
    // The second read started only after the first finished, and after every caller's change.
    expect(reads.pending.map((read) => read.saw)).toEqual(['v2', 'v4']);
    reads.pending[1]?.finish();
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(a).toEqual({ id: 2, content: 'v2' });
    expect(b).toBe(c);
    expect(c).toEqual({ id: 3, content: 'v4' });
    expect(queue.current).toBe(c);
    expect(reads.overlapped()).toBe(false);
  });

  it('keeps the old generation when a read fails, and the next read still runs', async () => {
    const source = { content: 'v1' };
    const reads = controlledReads(source);
    const queue = new GenerationQueue<Generation>({ id: 1, content: 'v1' }, reads.read);
    const failing = queue.reload();
    const next = queue.reload();
    reads.pending[0]?.fail(new Error('unreadable'));
    await expect(failing).rejects.toThrow('unreadable');
    expect(queue.current.id).toBe(1);
    await settle();
    source.content = 'v2';
    reads.pending[1]?.finish();
    expect(await next).toEqual({ id: 2, content: 'v1' });
    expect(queue.current.id).toBe(2);
  });
});
