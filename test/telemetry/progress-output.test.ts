import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../src/index.ts';
import { createHookEngine } from '../../src/index.ts';
import { until } from '../helpers/poll.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// seed 004 "hook event system": `progress` at an interval with the stdout and stderr so far.
describe('progress with output so far', () => {
  it('samples a running command hook output into progress events before its response', async () => {
    // The hook prints, then waits for the test to have seen that output sampled before it ends.
    const gate = join(tempDir('progress'), 'go');
    const events: TelemetryEvent[] = [];
    const engine = await createHookEngine({
      discover: false,
      includeHookEvents: true,
      progressIntervalMs: 50,
      onTelemetry: (event) => events.push(event),
      sources: [
        {
          file: 'inline.json',
          kind: 'claude-settings',
          config: {
            hooks: {
              Stop: [
                {
                  hooks: [
                    {
                      type: 'command',
                      command: `echo first; echo oops >&2; while [ ! -e '${gate}' ]; do sleep 0.01; done; echo second`,
                      timeout: 30,
                    },
                  ],
                },
              ],
            },
          },
        },
      ],
    });
    const dispatched = engine.dispatch('Stop', {});
    try {
      // stdout and stderr arrive on separate pipes, so a sample may hold one before the other.
      await until(
        () =>
          events.some(
            (event) => event.type === 'progress' && event.stdout === 'first\n' && event.stderr === 'oops\n',
          ),
        'a progress event with the output so far',
      );
    } finally {
      writeFileSync(gate, '');
    }
    const result = await dispatched;
    await engine.close();
    expect(result.hooks[0]?.stdout).toBe('first\nsecond\n');
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress).toContainEqual(expect.objectContaining({ stdout: 'first\n', stderr: 'oops\n' }));
    const types = events.map((event) => event.type);
    expect(types.indexOf('progress')).toBeGreaterThan(types.indexOf('started'));
    expect(types.lastIndexOf('progress')).toBeLessThan(types.indexOf('response'));
  });
});
