import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../src/index.ts';
import { createHookEngine } from '../../src/index.ts';

// seed 004 "hook event system": `progress` at an interval with the stdout and stderr so far.
describe('progress with output so far', () => {
  it('samples a running command hook output into progress events before its response', async () => {
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
                { hooks: [{ type: 'command', command: 'echo first; echo oops >&2; sleep 1; echo second' }] },
              ],
            },
          },
        },
      ],
    });
    const result = await engine.dispatch('Stop', {});
    await engine.close();
    expect(result.hooks[0]?.stdout).toBe('first\nsecond\n');
    const progress = events.filter((event) => event.type === 'progress');
    const sampled = progress.find((event) => event.type === 'progress' && event.stdout === 'first\n');
    expect(sampled).toMatchObject({ stderr: 'oops\n' });
    const types = events.map((event) => event.type);
    expect(types.indexOf('progress')).toBeGreaterThan(types.indexOf('started'));
    expect(types.lastIndexOf('progress')).toBeLessThan(types.indexOf('response'));
  });
});
