import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.ts';
import { AUDIT_LINE_MAX_BYTES, auditLine, createAuditLog } from '../../src/telemetry/audit-log.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { commands, inlineEngine, TOOL_INPUT } from './helpers.ts';

const WRITER = fileURLToPath(new URL('../fixtures/audit-writer.mjs', import.meta.url));

function readLines(file: string): Record<string, unknown>[] {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('audit log (seed 000 audit trail)', () => {
  let dir: string;
  let engine: HookEngine | undefined;
  beforeEach(() => {
    dir = tempDir('audit');
  });
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('appends one line per handler run with session, event, tool, source, outcome, decision, duration', async () => {
    engine = await inlineEngine({
      PreToolUse: commands(`echo '{}'`, 'echo "no rm" >&2; exit 2'),
      Stop: commands('exit 1'),
    });
    const file = join(dir, 'audit.jsonl');
    const audit = createAuditLog(file);
    engine.telemetry.subscribe(audit.listener);
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    await engine.dispatch('Stop', {});
    await audit.close();
    await engine.dispatch('Stop', {});

    const lines = readLines(file);
    expect(lines).toHaveLength(3);
    const byLabel = Object.fromEntries(lines.map((line) => [line.label, line]));
    expect(byLabel[`echo '{}'`]).toMatchObject({
      session: 'telemetry-session',
      event: 'PreToolUse',
      tool: 'Bash',
      source: {
        file: 'inline.json',
        pointer: expect.stringContaining('/hooks/PreToolUse/0'),
        scope: 'project',
      },
      type: 'command',
      outcome: 'success',
      decision: null,
      exitCode: 0,
    });
    expect(byLabel['echo "no rm" >&2; exit 2']).toMatchObject({
      outcome: 'blocking',
      decision: 'deny',
      exitCode: 2,
    });
    expect(byLabel['exit 1']).toMatchObject({ event: 'Stop', outcome: 'non-blocking-error', exitCode: 1 });
    expect(byLabel['exit 1']).not.toHaveProperty('tool');
    expect(byLabel['exit 1']).not.toHaveProperty('stderr');
    for (const line of lines) {
      expect(typeof line.durationMs).toBe('number');
      expect(Number.isNaN(Date.parse(String(line.time)))).toBe(false);
    }
  });

  it('filter and includeOutput', async () => {
    engine = await inlineEngine({ PreToolUse: commands(`echo '{}'`, 'echo "no rm" >&2; exit 2') });
    const file = join(dir, 'denials.jsonl');
    const audit = createAuditLog(file, { filter: (run) => run.decision === 'deny', includeOutput: true });
    engine.telemetry.subscribe(audit.listener);
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    const lines = readLines(file);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ decision: 'deny', stderr: 'no rm\n', stdout: '' });
  });

  it(`keeps every line under ${AUDIT_LINE_MAX_BYTES} bytes, marking shortened ones`, () => {
    const base = {
      type: 'response' as const,
      dispatchId: 1,
      hookId: '1.0',
      event: 'PreToolUse' as const,
      sessionId: 's',
      handlerType: 'command',
      source: { file: 'f.json', pointer: '/p', scope: 'user' as const },
      outcome: 'success' as const,
      exitCode: 0,
      durationMs: 1,
      decision: null,
    };
    const short = auditLine({ ...base, label: 'ls', stdout: 'ok', stderr: '' }, true);
    expect(JSON.parse(short)).not.toHaveProperty('truncated');
    const huge = auditLine(
      { ...base, label: `"é\u0001`.repeat(3000), stdout: 'o'.repeat(10_000), stderr: '\u2028'.repeat(5000) },
      true,
    );
    expect(Buffer.byteLength(huge)).toBeLessThanOrEqual(AUDIT_LINE_MAX_BYTES);
    const parsed = JSON.parse(huge);
    expect(parsed).toMatchObject({ truncated: true, event: 'PreToolUse', outcome: 'success' });
    expect(parsed.label.length).toBeGreaterThan(0);
  });

  it('reports a write failure through onError instead of throwing into the engine', () => {
    const errors: Error[] = [];
    const audit = createAuditLog(join(dir, 'no-such-dir', 'audit.jsonl'), { onError: (e) => errors.push(e) });
    audit.listener({
      type: 'response',
      dispatchId: 1,
      hookId: '1.0',
      event: 'Stop',
      sessionId: 's',
      handlerType: 'command',
      label: 'true',
      source: { file: 'f.json', pointer: '/p', scope: 'user' },
      outcome: 'success',
      exitCode: 0,
      durationMs: 1,
      stdout: '',
      stderr: '',
      decision: null,
    });
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(['ENOENT']);
  });

  it('concurrent writer processes never interleave partial lines', async () => {
    const file = join(dir, 'shared.jsonl');
    const writers = 4;
    const perWriter = 400;
    // Near the limit, so a split write would show up as a line that does not parse.
    const labelChars = 3500;
    const exits = await Promise.all(
      Array.from({ length: writers }, (_, w) => {
        const child = spawn(
          process.execPath,
          [WRITER, file, `writer${w}`, String(perWriter), String(labelChars)],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        return new Promise<{ code: number | null; stderr: string }>((resolve) =>
          child.on('close', (code) => resolve({ code, stderr })),
        );
      }),
    );
    for (const exit of exits) expect(exit).toEqual({ code: 0, stderr: '' });
    const lines = readLines(file);
    expect(lines).toHaveLength(writers * perWriter);
    for (let w = 0; w < writers; w++) {
      const mine = lines.filter((line) => line.session === `writer${w}`);
      expect(mine).toHaveLength(perWriter);
      // Each writer's own lines stay in its order, and each is complete.
      expect(mine.map((line) => Number(String(line.label).split('-')[1]))).toEqual(
        Array.from({ length: perWriter }, (_, i) => i),
      );
      for (const line of mine) expect(String(line.label)).toHaveLength(labelChars);
    }
  }, 60_000);
});
