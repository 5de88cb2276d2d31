// Time per dispatch of an event that no handler matches (DESIGN.md "Fast when idle"): the
// engine holds hooks for other events, so the per-event index is exercised, not bypassed.
import { shippedIndex } from '../shipped.ts';
import type { BenchCase } from '../types.ts';

const EVENTS = 200_000;

const dispatchNoHooks: BenchCase = {
  name: 'dispatch-no-hooks',
  unit: 'µs/event',
  target: '≤ 2 µs/event',
  async run() {
    const { createHookEngine } = await shippedIndex();
    const engine = await createHookEngine({
      discover: false,
      sources: [
        {
          file: 'bench.json',
          kind: 'claude-settings',
          config: { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } },
        },
      ],
    });
    const input = { tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'ls' } };
    for (let i = 0; i < 20_000; i++) await engine.dispatch('PreToolUse', input);
    const start = performance.now();
    for (let i = 0; i < EVENTS; i++) await engine.dispatch('PreToolUse', input);
    const perEventUs = ((performance.now() - start) * 1000) / EVENTS;
    await engine.close();
    return { value: Number(perEventUs.toFixed(3)), baseline: null, ratio: null };
  },
};

export default dispatchNoHooks;
