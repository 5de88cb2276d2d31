// Planning cost with 1,000 configured handlers: matchers and `if` rules are compiled once per
// generation, so selecting the handlers of one event must stay cheap (target ≤ 20 µs/event).
import { shippedIndex, shippedPlan, shippedProfiles } from '../shipped.ts';
import type { BenchCase } from '../types.ts';

const HANDLERS = 1_000;
const ROUNDS = 10_000;
const PASSES = 3;

function settings(): Record<string, unknown> {
  const tools = ['Bash', 'Edit|Write', 'Read', 'mcp__.*', 'Glob', 'Grep', 'WebFetch', '^Notebook.*'];
  const groups = [];
  for (let i = 0; i < HANDLERS; i++) {
    groups.push({
      matcher: tools[i % tools.length],
      hooks: [
        {
          type: 'command',
          command: `echo hook-${i}`,
          ...(i % 5 === 0 ? { if: `Bash(git push ${i}*)` } : {}),
        },
      ],
    });
  }
  return { hooks: { PreToolUse: groups } };
}

const plan1000: BenchCase = {
  name: 'plan-1000-hooks',
  unit: 'µs/event',
  target: '≤ 20 µs/event',
  async run() {
    const { buildIndex, selectHandlers } = await shippedPlan();
    const { getProfile } = await shippedProfiles();
    const { readConfig } = await shippedIndex();
    const profile = getProfile('claude-code');
    const read = readConfig({
      file: 'bench.json',
      text: JSON.stringify(settings()),
      kind: 'claude-settings',
      scope: 'project',
    });
    if (read.handlers.length !== HANDLERS)
      throw new Error(`expected ${HANDLERS} handlers, got ${read.handlers.length}`);
    const { index } = buildIndex(read.handlers, profile);
    const planned = index.get('PreToolUse') ?? [];
    const context = {
      input: { tool_name: 'Bash', tool_input: { command: 'git status && npm test' } },
      cwd: process.cwd(),
      projectDir: process.cwd(),
      homeDir: '/home/bench',
    };
    let selected = 0;
    for (let i = 0; i < 1_000; i++)
      selected += selectHandlers(planned, 'PreToolUse', profile, context).selected.length;
    // The best of a few timed passes: scheduling noise on a VM only ever slows a pass down.
    let perEventUs = Number.POSITIVE_INFINITY;
    for (let pass = 0; pass < PASSES; pass++) {
      const start = performance.now();
      for (let i = 0; i < ROUNDS; i++)
        selected += selectHandlers(planned, 'PreToolUse', profile, context).selected.length;
      perEventUs = Math.min(perEventUs, ((performance.now() - start) * 1000) / ROUNDS);
    }
    if (selected === 0) throw new Error('nothing selected');
    return { value: Number(perEventUs.toFixed(2)), baseline: null, ratio: null };
  },
};

export default plan1000;
