// The run stage with in-memory runners: it returns its items, skips and backgrounded runs.
import { describe, expect, it } from 'vitest';
import type { EngineContext } from '../../../src/engine/context.ts';
import type { DispatchScope } from '../../../src/engine/run/dispatch-scope.ts';
import { type RunAllOutput, runAll } from '../../../src/engine/run/run-all.ts';
import { getEvent } from '../../../src/events/catalogue.ts';
import type { CommandHandler, NormalizedHandler } from '../../../src/model/handler.ts';
import {
  type HandlerRunner,
  type RunnerResult,
  type RunRequest,
  runnerResult,
} from '../../../src/runners/types.ts';
import { stageContext } from '../stage-context.ts';

function command(name: string, extra: Partial<CommandHandler> = {}): NormalizedHandler {
  return {
    type: 'command',
    event: 'PostToolUse',
    eventKey: 'PostToolUse',
    dialect: 'claude',
    source: { file: 'settings.json', pointer: `/hooks/${name}`, scope: 'project' },
    spec: { command: name },
    ...extra,
  };
}

/** A runner that answers from a table by command, and records the requests it saw. */
function tableRunner(answers: Record<string, Partial<RunnerResult>>) {
  const seen: RunRequest[] = [];
  const runner: HandlerRunner = async (request) => {
    seen.push(request);
    const name = (request.handler as CommandHandler).spec.command ?? '';
    return runnerResult({ durationMs: 1, exitCode: 0, ...answers[name] });
  };
  return { runner, seen };
}

const INPUT = {
  session_id: 's',
  transcript_path: '/t.jsonl',
  cwd: '/tmp',
  hook_event_name: 'PostToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_response: {},
};

function scope(): DispatchScope {
  return {
    event: 'PostToolUse',
    spec: getEvent('PostToolUse'),
    input: INPUT,
    sessionId: 's',
    dispatchId: 1,
    signal: new AbortController().signal,
  };
}

async function run(ctx: EngineContext): Promise<RunAllOutput> {
  return runAll(ctx, scope(), [...(ctx.snapshot.index.get('PostToolUse') ?? [])]);
}

describe('runAll', () => {
  it('returns each finished run with its reading and report, in configured order', async () => {
    const { runner, seen } = tableRunner({
      first: { output: { systemMessage: 'from an object' } },
      second: { exitCode: 2, stderr: 'late' },
    });
    const ctx = await stageContext([command('first'), command('second')], { runners: { command: runner } });
    const out = await run(ctx);
    expect(out.skipped).toEqual([]);
    expect(out.backgrounded).toEqual([]);
    expect(out.items.map((item) => item.label)).toEqual(['first', 'second']);
    expect(out.items[0]?.interpretation.effect.systemMessage).toBe('from an object');
    expect(out.items[0]?.report).toMatchObject({
      outcome: 'success',
      output: { systemMessage: 'from an object' },
    });
    expect(out.items[1]?.report).toMatchObject({ outcome: 'blocking', exitCode: 2, stderr: 'late' });
    // The canonical input reaches every runner, next to the payload rendered for its dialect.
    expect(seen.map((request) => request.input)).toEqual([INPUT, INPUT]);
  });

  it('stops the sequence on continue: false in VS Code and returns the rest as skipped', async () => {
    const { runner, seen } = tableRunner({ stop: { stdout: '{"continue":false}' } });
    const ctx = await stageContext([command('stop'), command('never')], {
      profile: 'vscode',
      runners: { command: runner },
    });
    const out = await run(ctx);
    expect(out.items.map((item) => item.label)).toEqual(['stop']);
    expect(out.skipped).toEqual([
      { source: command('never').source, why: 'an earlier hook returned continue: false' },
    ]);
    expect(seen).toHaveLength(1);
  });

  it('returns an async hook as backgrounded, not as an item', async () => {
    const { runner } = tableRunner({});
    const ctx = await stageContext([command('bg', { async: true }), command('fg')], {
      runners: { command: runner },
    });
    const out = await run(ctx);
    expect(out.items.map((item) => item.label)).toEqual(['fg']);
    expect(out.backgrounded).toEqual([{ id: '1.0', source: command('bg').source, label: 'bg' }]);
    await ctx.asyncHooks.waitForAll();
    expect(ctx.asyncHooks.collect().map((done) => done.id)).toEqual(['1.0']);
  });
});
