// Issue 13 "The standing suite": a short `npm run soak` (bench/soak.ts). Every run is in the audit
// log, every dispatch keeps the deny, and no descriptor leaks across 200 dispatches of a function
// and a command hook, 16 at once.
import { describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak.ts';

/** Short enough for CI on a loaded 2-core machine; long enough that one leaked pipe per spawn shows. */
const SHORT_SOAK = { count: 200, concurrency: 16 };
const SOAK_TIMEOUT_MS = 120_000;

describe('npm run soak, short', () => {
  it(
    'the audit log holds every run and descriptors do not grow',
    async () => {
      const report = await runSoak(SHORT_SOAK);
      expect(report.auditMissing).toBe(0);
      expect(report.auditFound).toBe(SHORT_SOAK.count * 2);
      expect(report.wrongDecisions).toBe(0);
      expect(report.fdStart).not.toBeNull();
      expect(report.fdEnd).toBeLessThanOrEqual(report.fdStart as number);
    },
    SOAK_TIMEOUT_MS,
  );
});
