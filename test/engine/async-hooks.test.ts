import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAsyncMarker } from '../../src/engine/async/async-output.ts';
import type { AsyncWake } from '../../src/engine/async/async-registry.ts';
import type { HookEngine, HookEngineOptions, TelemetryEvent } from '../../src/index.ts';
import { type RunnerResult, type RunRequest, runnerResult } from '../../src/runners/types.ts';
import { engineWithClaudeHooks, FIXTURES_DIR } from '../helpers/engine.ts';
import { until } from '../helpers/poll.ts';
import { isAlive } from '../helpers/process.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const GATED = join(FIXTURES_DIR, 'async', 'gated-hook.sh');

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' });

interface Gate {
  dir: string;
  release(): void;
  pid(): Promise<number>;
}

function gate(): Gate {
  const dir = tempDir('async');
  return {
    dir,
    release: () => writeFileSync(join(dir, 'go'), ''),
    pid: async () => {
      await until(
        () => existsSync(join(dir, 'pid')) && readFileSync(join(dir, 'pid'), 'utf8').endsWith('\n'),
        'the gated hook to write its pid',
      );
      return Number(readFileSync(join(dir, 'pid'), 'utf8').trim());
    },
  };
}

/** `sh gated-hook.sh DIR CODE OUT ERR [FIRST]` as one command line. */
function gatedCommand(g: Gate, code: number, out = '', err = '', first?: string): string {
  const args = [g.dir, String(code), out, err, ...(first !== undefined ? [first] : [])];
  return `sh ${GATED} ${args.map(quote).join(' ')}`;
}

async function engineWith(
  event: string,
  hook: Record<string, unknown>,
  options: HookEngineOptions = {},
): Promise<HookEngine> {
  const engine = await engineWithClaudeHooks(
    { [event]: [{ hooks: [{ type: 'command', ...hook }] }] },
    options,
  );
  engines.push(engine);
  return engine;
}

const contextOutput = (event: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    systemMessage: 'tests passed',
    hookSpecificOutput: { hookEventName: event, additionalContext: 'lint is clean' },
    ...extra,
  });

describe('async hooks (claude-code-hooks.md §4.7)', () => {
  it('returns at once while the hook runs on, then collectAsyncResults() delivers its context', async () => {
    const g = gate();
    const engine = await engineWith('PostToolUse', {
      command: gatedCommand(g, 0, contextOutput('PostToolUse')),
      async: true,
    });
    const result = await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    // The dispatch is over while the hook still waits for its gate.
    expect(result.hooks).toEqual([]);
    expect(result.additionalContext).toEqual([]);
    expect(result.backgrounded).toHaveLength(1);
    expect(result.backgrounded?.[0]?.label).toContain('gated-hook.sh');
    const pid = await g.pid();
    expect(isAlive(pid)).toBe(true);
    expect(engine.pendingAsync()).toBe(1);
    expect(engine.collectAsyncResults()).toEqual([]);
    // The input JSON is still delivered on stdin.
    expect(JSON.parse(readFileSync(join(g.dir, 'stdin.json'), 'utf8')).tool_name).toBe('Bash');

    g.release();
    await engine.waitForAsync();
    expect(engine.pendingAsync()).toBe(0);
    const [done, ...rest] = engine.collectAsyncResults();
    expect(rest).toEqual([]);
    expect(done).toMatchObject({
      id: result.backgrounded?.[0]?.id,
      event: 'PostToolUse',
      mode: 'async',
      outcome: 'success',
      exitCode: 0,
      additionalContext: 'lint is clean',
      systemMessage: 'tests passed',
      warnings: [],
      woke: false,
    });
    expect(done?.durationMs).toBeGreaterThan(0);
    expect(engine.collectAsyncResults()).toEqual([]);
  });

  it('ignores decision fields from an async hook and says so in a warning', async () => {
    const g = gate();
    g.release();
    const output = JSON.stringify({
      decision: 'block',
      reason: 'nope',
      continue: false,
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        additionalContext: 'still delivered',
      },
    });
    const engine = await engineWith('PreToolUse', { command: gatedCommand(g, 0, output), async: true });
    const result = await engine.dispatch('PreToolUse', bash('rm -rf build'));
    expect(result.decision).toBeNull();
    expect(result.continue).toBe(true);
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done?.additionalContext).toBe('still delivered');
    const warning = done?.warnings.find((text) => text.includes('no effect'));
    expect(warning).toContain('"decision"');
    expect(warning).toContain('"continue"');
    expect(warning).toContain('hookSpecificOutput.permissionDecision');
  });

  it('reports exit 2 from a plain async hook as a non-blocking error that blocks nothing', async () => {
    const g = gate();
    g.release();
    const wakes: AsyncWake[] = [];
    const engine = await engineWith(
      'PostToolUse',
      { command: gatedCommand(g, 2, '', 'too late'), async: true },
      { onAsyncWake: (wake) => wakes.push(wake) },
    );
    await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done).toMatchObject({
      outcome: 'non-blocking-error',
      exitCode: 2,
      woke: false,
      stderr: 'too late\n',
    });
    expect(done?.warnings.join('\n')).toContain('blocks nothing');
    expect(wakes).toEqual([]);
  });

  it('reads an async hook without JSON output as {} (seed 004)', async () => {
    const g = gate();
    g.release();
    const engine = await engineWith('Stop', { command: gatedCommand(g, 0, 'plain words'), async: true });
    await engine.dispatch('Stop', {});
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done).toMatchObject({
      outcome: 'success',
      output: {},
      additionalContext: null,
      systemMessage: null,
    });
  });

  it('enforces the timeout of an async hook (the chosen side of the §4.7 conflict)', async () => {
    const g = gate();
    const engine = await engineWith('PostToolUse', { command: gatedCommand(g, 0), async: true, timeout: 1 });
    await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    const pid = await g.pid();
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done?.outcome).toBe('timeout');
    await until(() => !isAlive(pid), 'the timed-out hook to be gone');
  });

  it('never deduplicates async hooks across firings', async () => {
    const g = gate();
    const engine = await engineWith('PostToolUse', { command: gatedCommand(g, 0), async: true });
    const first = await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    const second = await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    expect(engine.pendingAsync()).toBe(2);
    expect(first.backgrounded?.[0]?.id).not.toBe(second.backgrounded?.[0]?.id);
    g.release();
    await engine.waitForAsync();
    expect(engine.collectAsyncResults().map((done) => done.outcome)).toEqual(['success', 'success']);
  });

  it('reports a finished async hook on the telemetry bus', async () => {
    const g = gate();
    g.release();
    const seen: TelemetryEvent[] = [];
    const listener = Object.assign((event: TelemetryEvent) => seen.push(event), { includeHookEvents: true });
    const engine = await engineWith(
      'PostToolUse',
      { command: gatedCommand(g, 0), async: true },
      { onTelemetry: listener },
    );
    const result = await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    await engine.waitForAsync();
    const response = seen.find((event) => event.type === 'response');
    expect(response).toMatchObject({ hookId: result.backgrounded?.[0]?.id, outcome: 'success', exitCode: 0 });
  });
});

describe('asyncRewake (claude-code-hooks.md §4.2)', () => {
  it('calls the wake callback at once with stderr when the hook exits 2 (the seed 004 example)', async () => {
    const g = gate();
    const wakes: AsyncWake[] = [];
    // Seed 004's example: a PostToolUse/Bash watcher that runs the tests and wakes on exit 2.
    const engine = await engineWithClaudeHooks(
      {
        PostToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                command: gatedCommand(g, 2, 'ignored stdout', '3 tests failed'),
                asyncRewake: true,
              },
            ],
          },
        ],
      },
      { onAsyncWake: (wake) => wakes.push(wake) },
    );
    engines.push(engine);
    const result = await engine.dispatch('PostToolUse', { ...bash('npm test'), tool_response: {} });
    expect(result.backgrounded).toHaveLength(1);
    expect(result.decision).toBeNull();
    expect(wakes).toEqual([]);
    g.release();
    // No collectAsyncResults() call: the wake does not wait for the host's poll.
    await until(() => wakes.length === 1, 'the wake callback');
    expect(wakes[0]).toMatchObject({
      id: result.backgrounded?.[0]?.id,
      event: 'PostToolUse',
      message: '3 tests failed',
    });
    const [done] = engine.collectAsyncResults();
    expect(done).toMatchObject({ mode: 'asyncRewake', exitCode: 2, outcome: 'blocking', woke: true });
  });

  it('wakes with stdout when stderr is empty', async () => {
    const g = gate();
    g.release();
    const wakes: AsyncWake[] = [];
    const engine = await engineWith(
      'PostToolUse',
      { command: gatedCommand(g, 2, 'coverage dropped'), asyncRewake: true },
      { onAsyncWake: (wake) => wakes.push(wake) },
    );
    await engine.dispatch('PostToolUse', { ...bash('npm test'), tool_response: {} });
    await engine.waitForAsync();
    expect(wakes.map((wake) => wake.message)).toEqual(['coverage dropped']);
  });

  it('does not wake when the hook exits 0', async () => {
    const g = gate();
    g.release();
    const wakes: AsyncWake[] = [];
    const engine = await engineWith(
      'PostToolUse',
      { command: gatedCommand(g, 0, '', 'all fine'), asyncRewake: true },
      { onAsyncWake: (wake) => wakes.push(wake) },
    );
    await engine.dispatch('PostToolUse', { ...bash('npm test'), tool_response: {} });
    await engine.waitForAsync();
    expect(wakes).toEqual([]);
    expect(engine.collectAsyncResults()).toMatchObject([{ outcome: 'success', woke: false }]);
  });
});

describe('first stdout line {"async":true} (claude-code-hooks.md §3.2)', () => {
  it('backgrounds a sync command hook from the moment it prints the marker', async () => {
    const g = gate();
    const engine = await engineWith('UserPromptSubmit', {
      command: gatedCommand(g, 0, contextOutput('UserPromptSubmit'), '', '{"async":true}'),
    });
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'hello' });
    expect(result.hooks).toEqual([]);
    expect(result.additionalContext).toEqual([]);
    expect(result.backgrounded).toHaveLength(1);
    const pid = await g.pid();
    expect(isAlive(pid)).toBe(true);
    expect(engine.pendingAsync()).toBe(1);
    g.release();
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done).toMatchObject({
      mode: 'first-line',
      outcome: 'success',
      additionalContext: 'lint is clean',
      systemMessage: 'tests passed',
    });
  });

  it('reads a marker whose key is spelled with an escape', async () => {
    const g = gate();
    const engine = await engineWith('UserPromptSubmit', {
      command: gatedCommand(g, 0, contextOutput('UserPromptSubmit'), '', '{"\\u0061sync":true}'),
    });
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'hello' });
    expect(result.hooks).toEqual([]);
    expect(result.backgrounded).toHaveLength(1);
    g.release();
    await engine.waitForAsync();
    expect(engine.collectAsyncResults()).toMatchObject([
      { mode: 'first-line', outcome: 'success', additionalContext: 'lint is clean' },
    ]);
  });

  it('backgrounds a run whose runner reports the marker before it returns', async () => {
    let finish: (result: RunnerResult) => void = () => undefined;
    const runner = (request: RunRequest): Promise<RunnerResult> => {
      request.onFirstStdoutLine?.('{"async":true}');
      return new Promise((resolve) => {
        finish = resolve;
      });
    };
    const engine = await engineWith(
      'UserPromptSubmit',
      { command: 'true' },
      { runners: { command: runner } },
    );
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'hello' });
    expect(result.hooks).toEqual([]);
    expect(result.backgrounded).toHaveLength(1);
    expect(engine.pendingAsync()).toBe(1);
    finish(
      runnerResult({ exitCode: 0, durationMs: 1, stdout: '{"async":true}\n{"systemMessage":"done"}\n' }),
    );
    await engine.waitForAsync();
    expect(engine.collectAsyncResults()).toMatchObject([
      { mode: 'first-line', outcome: 'success', systemMessage: 'done' },
    ]);
  });

  it('lets the hook outlive an abort of the dispatch that started it', async () => {
    const g = gate();
    const engine = await engineWith('UserPromptSubmit', {
      command: gatedCommand(g, 0, contextOutput('UserPromptSubmit'), '', '{"async":true}'),
    });
    const controller = new AbortController();
    const result = await engine.dispatch(
      'UserPromptSubmit',
      { prompt: 'hello' },
      { signal: controller.signal },
    );
    expect(result.backgrounded).toHaveLength(1);
    controller.abort();
    g.release();
    await engine.waitForAsync();
    expect(engine.collectAsyncResults()).toMatchObject([
      { outcome: 'success', additionalContext: 'lint is clean' },
    ]);
  });

  it('replaces the timeout with asyncTimeout', async () => {
    const g = gate();
    const engine = await engineWith('UserPromptSubmit', {
      command: gatedCommand(g, 0, '', '', '{"async":true,"asyncTimeout":300}'),
      timeout: 60,
    });
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'hello' });
    expect(result.backgrounded).toHaveLength(1);
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done?.outcome).toBe('timeout');
    expect(done?.durationMs).toBeLessThan(30_000);
  });

  it('keeps waiting for a hook whose first line is not the marker', async () => {
    const g = gate();
    g.release();
    const engine = await engineWith('UserPromptSubmit', {
      command: gatedCommand(g, 0, contextOutput('UserPromptSubmit'), '', '{"async":false}'),
    });
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'hello' });
    expect(result.backgrounded).toBeUndefined();
    expect(result.hooks).toHaveLength(1);
    expect(engine.pendingAsync()).toBe(0);
  });
});

describe('async output parsing', () => {
  it('recognises only an object with async: true as the marker', () => {
    expect(parseAsyncMarker('{"async":true}')).toEqual({});
    expect(parseAsyncMarker(' {"async": true, "asyncTimeout": 1500} ')).toEqual({ asyncTimeoutMs: 1500 });
    expect(parseAsyncMarker('{"async":true,"asyncTimeout":-1}')).toEqual({});
    expect(parseAsyncMarker('{"async":"true"}')).toBeNull();
    expect(parseAsyncMarker('[{"async":true}]')).toBeNull();
    expect(parseAsyncMarker('async')).toBeNull();
    expect(parseAsyncMarker('{"ok":true}')).toBeNull();
    // The key spelled with an escape is still the marker: only a line with neither `async` nor a
    // backslash is passed over without parsing.
    expect(parseAsyncMarker('{"\\u0061sync":true}')).toEqual({});
  });
});

describe('close() with async hooks running (claude-code-hooks.md §4.7)', () => {
  it('kills them and reports them as cancelled', async () => {
    const g = gate();
    const marker = gate();
    const engine = await engineWith('PostToolUse', { command: gatedCommand(g, 0), async: true });
    const other = await engineWithClaudeHooks({
      UserPromptSubmit: [
        { hooks: [{ type: 'command', command: gatedCommand(marker, 0, '', '', '{"async":true}') }] },
      ],
    });
    engines.push(other);
    await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    await other.dispatch('UserPromptSubmit', { prompt: 'hi' });
    const pids = [await g.pid(), await marker.pid()];
    await Promise.all([engine.close(), other.close()]);
    await until(() => pids.every((pid) => !isAlive(pid)), 'the killed hooks to be gone');
    expect(engine.pendingAsync()).toBe(0);
    expect(engine.collectAsyncResults()).toMatchObject([{ outcome: 'cancelled', mode: 'async' }]);
    expect(other.collectAsyncResults()).toMatchObject([{ outcome: 'cancelled', mode: 'first-line' }]);
  });
});
