// One run report: the dispatch result, the telemetry `response` events and the async results
// are all made from it, so they never disagree about a run.
import { afterEach, describe, expect, it } from 'vitest';
import type { HookEngine, TelemetryEvent } from '../../../src/index.ts';
import { engineWithClaudeHooks, group } from '../../helpers/engine.ts';

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function listen(seen: TelemetryEvent[]) {
  return Object.assign((event: TelemetryEvent) => seen.push(event), { includeHookEvents: true });
}

const SAME_FIELDS = ['source', 'label', 'outcome', 'exitCode', 'durationMs', 'stdout', 'stderr'] as const;

describe('the hook run report', () => {
  it('is what both the result and the telemetry response say about a run', async () => {
    const seen: TelemetryEvent[] = [];
    const engine = await engineWithClaudeHooks(
      { PreToolUse: group("printf 'careful' >&2; exit 2", {}, 'Bash') },
      { onTelemetry: listen(seen) },
    );
    engines.push(engine);
    const result = await engine.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'ls' },
    });
    const response = seen.find((event) => event.type === 'response');
    const [report] = result.hooks;
    expect(report?.outcome).toBe('blocking');
    if (response?.type !== 'response' || !report) throw new Error('no response event');
    for (const field of SAME_FIELDS) expect(response[field], field).toEqual(report[field]);
    expect(response.handlerType).toBe(report.type);
    expect(response).toMatchObject({ decision: 'deny', toolName: 'Bash', matchQuery: 'Bash' });
  });

  it('is what both the async result and its telemetry response say about a background run', async () => {
    const seen: TelemetryEvent[] = [];
    const engine = await engineWithClaudeHooks(
      { PostToolUse: group('echo \'{"systemMessage":"done"}\'', { async: true }) },
      { onTelemetry: listen(seen) },
    );
    engines.push(engine);
    await engine.dispatch('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: {},
      tool_response: {},
    });
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    const response = seen.find((event) => event.type === 'response');
    if (response?.type !== 'response' || !done) throw new Error('no async result');
    for (const field of SAME_FIELDS) expect(response[field], field).toEqual(done[field]);
    expect(response).toMatchObject({ hookId: done.id, decision: null });
    expect(done).toMatchObject({
      outcome: 'success',
      systemMessage: 'done',
      output: { systemMessage: 'done' },
    });
  });
});
