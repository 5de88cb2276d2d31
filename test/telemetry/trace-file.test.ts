import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.ts';
import { createTraceWriter } from '../../src/telemetry/trace-file.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { commands, inlineEngine, TOOL_INPUT } from './helpers.ts';

describe('JSONL trace (--trace FILE)', () => {
  let dir: string;
  let engine: HookEngine | undefined;
  beforeEach(() => {
    dir = tempDir('trace');
  });
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('writes one JSON line per telemetry event, PreToolUse included without opting in on the bus', async () => {
    engine = await inlineEngine({ PreToolUse: commands(`echo '{"systemMessage":"hi"}'`) });
    const file = join(dir, 'trace.jsonl');
    const trace = createTraceWriter(file);
    const dispose = engine.telemetry.subscribe(trace.listener);
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    dispose();
    await trace.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    const records = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(records.map((r) => r.type)).toEqual(['dispatch-start', 'started', 'response', 'dispatch-end']);
    for (const record of records) {
      expect(record.event).toBe('PreToolUse');
      expect(Number.isNaN(Date.parse(record.time))).toBe(false);
    }
    expect(records[2]).toMatchObject({
      outcome: 'success',
      exitCode: 0,
      stdout: '{"systemMessage":"hi"}\n',
      source: { file: 'inline.json' },
    });
    expect(records[3].result.systemMessages).toEqual(['hi']);
  });

  it('replaces the file by default and appends when asked', async () => {
    engine = await inlineEngine({ Stop: commands('true') });
    const file = join(dir, 'trace.jsonl');
    for (const append of [false, false, true]) {
      const trace = createTraceWriter(file, { append });
      const dispose = engine.telemetry.subscribe(trace.listener);
      await engine.dispatch('Stop', {});
      dispose();
      await trace.close();
    }
    const types = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).type);
    expect(types.filter((t) => t === 'dispatch-end')).toHaveLength(2);
  });

  it('close() rejects when the file cannot be written', async () => {
    const trace = createTraceWriter(join(dir, 'missing-dir', 'trace.jsonl'));
    trace.listener({ type: 'dispatch-start', dispatchId: 1, event: 'Stop', sessionId: 's', handlers: 0 });
    await expect(trace.close()).rejects.toThrow(/ENOENT/);
  });

  it('opened() says whether the file can be written, before any line is', async () => {
    const missing = createTraceWriter(join(dir, 'missing-dir', 'trace.jsonl'));
    await expect(missing.opened()).rejects.toThrow(/ENOENT/);
    await expect(missing.close()).rejects.toThrow(/ENOENT/);
    const file = join(dir, 'trace.jsonl');
    const trace = createTraceWriter(file);
    await expect(trace.opened()).resolves.toBeUndefined();
    await trace.close();
  });

  it('flush() resolves once the lines so far are in the file, with the file still open', async () => {
    const file = join(dir, 'trace.jsonl');
    const trace = createTraceWriter(file);
    trace.listener({ type: 'dispatch-start', dispatchId: 1, event: 'Stop', sessionId: 's', handlers: 0 });
    await trace.flush();
    expect(JSON.parse(readFileSync(file, 'utf8')).type).toBe('dispatch-start');
    trace.listener({ type: 'dispatch-start', dispatchId: 2, event: 'Stop', sessionId: 's', handlers: 0 });
    await trace.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    await expect(trace.flush()).resolves.toBeUndefined();
  });

  it.skipIf(!existsSync('/dev/full'))(
    'flush() rejects with a write that failed, as close() does',
    async () => {
      const trace = createTraceWriter('/dev/full');
      trace.listener({ type: 'dispatch-start', dispatchId: 1, event: 'Stop', sessionId: 's', handlers: 0 });
      const failure = await trace.flush().catch((error: unknown) => error);
      expect(String(failure)).toMatch(/ENOSPC/);
      await expect(trace.close()).rejects.toBe(failure);
    },
  );
});
