// The answer deadline a `?timeout=` gives (src/server/limits.ts): between 1 s and 3600 s of the
// host's timeout, less the margin, so that a typo cannot turn every request into an instant 504.
import { describe, expect, it } from 'vitest';
import { answerDeadlineMs } from '../../src/server/limits.ts';

const CLAUDE_DEFAULT_MS = 600_000;

describe('answerDeadlineMs', () => {
  it('takes the timeout parameter in seconds, less 10% (at most one second)', () => {
    expect(answerDeadlineMs(CLAUDE_DEFAULT_MS, '30')).toBe(29_000);
    expect(answerDeadlineMs(CLAUDE_DEFAULT_MS, '5')).toBe(4_500);
  });

  it('a timeout below one second counts as one second, not as an instant 504', () => {
    expect(answerDeadlineMs(CLAUDE_DEFAULT_MS, '0.001')).toBe(900);
    expect(answerDeadlineMs(CLAUDE_DEFAULT_MS, '0.5')).toBe(900);
  });

  it('clamps to an hour, and falls back to the host default for a value that is no timeout', () => {
    expect(answerDeadlineMs(CLAUDE_DEFAULT_MS, '99999')).toBe(3_599_000);
    for (const value of ['nope', '-3', '0', 'Infinity', undefined])
      expect(answerDeadlineMs(CLAUDE_DEFAULT_MS, value)).toBe(599_000);
  });
});
