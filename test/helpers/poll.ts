/** How long a test waits for something that should happen soon; generous for a loaded machine. */
const POLL_DEADLINE_MS = 15_000;
/** How often it looks: short, so a test waits barely longer than the thing it waits for. */
const POLL_EVERY_MS = 10;

interface PollOptions {
  deadlineMs?: number;
  everyMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `check` is true; throws `timed out after N ms waiting for <what>` when the deadline
 * passes first. The replacement for fixed sleeps: it returns as soon as the condition holds.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  { deadlineMs = POLL_DEADLINE_MS, everyMs = POLL_EVERY_MS }: PollOptions = {},
): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${deadlineMs} ms waiting for ${what}`);
    await pause(everyMs);
  }
}

/** Retries `assertion` until it passes; past the deadline its last failure is thrown. */
export async function eventually(
  assertion: () => void | Promise<void>,
  { deadlineMs = POLL_DEADLINE_MS, everyMs = POLL_EVERY_MS }: PollOptions = {},
): Promise<void> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await pause(everyMs);
    }
  }
}
