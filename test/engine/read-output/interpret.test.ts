// The read-output stage on in-memory runner results: no process, no engine, one table per host.
import { beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '../../../src/engine/profiles/profiles.ts';
import { interpret } from '../../../src/engine/read-output/interpret.ts';
import { loadOutputReader } from '../../../src/engine/read-output/output-reader-load.ts';
import type { Dialect } from '../../../src/model/dialect.ts';
import type { EventName } from '../../../src/model/event-name.ts';
import type { HandlerType, NormalizedHandler } from '../../../src/model/handler.ts';
import type { ProfileName } from '../../../src/model/profile-name.ts';
import { type RunnerResult, runnerResult } from '../../../src/runners/types.ts';

function handler(type: HandlerType = 'command', dialect: Dialect = 'claude', extra = {}): NormalizedHandler {
  return {
    type,
    event: 'PreToolUse',
    eventKey: 'PreToolUse',
    dialect,
    source: { file: 'settings.json', pointer: '/hooks/PreToolUse/0/hooks/0', scope: 'project' },
    spec: type === 'command' ? { command: 'x' } : { url: 'http://127.0.0.1/' },
    ...extra,
  } as NormalizedHandler;
}

const ran = (fields: Partial<RunnerResult>): RunnerResult =>
  runnerResult({ durationMs: 1, exitCode: 0, ...fields });

function read(profile: ProfileName, event: EventName, result: RunnerResult, h = handler()) {
  return interpret(h, event, result, getProfile(profile));
}

const DENY_JSON = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'no',
  },
};

// The engine loads the JSON output reader before it reads a run that may print JSON
// (output-reader-load.ts); this file calls interpret() directly, as the engine does after that.
beforeAll(loadOutputReader);

describe('read-output: the same result, read by each host (docs/decisions.md)', () => {
  it.each<[ProfileName, EventName, Partial<RunnerResult>, string, Record<string, unknown>]>([
    ['claude-code', 'PreToolUse', { stdout: JSON.stringify(DENY_JSON) }, 'success', { permission: 'deny' }],
    [
      'claude-code',
      'PreToolUse',
      { exitCode: 2, stderr: 'stop\n' },
      'blocking',
      { permission: 'deny', permissionReason: 'stop' },
    ],
    [
      'claude-code',
      'PreToolUse',
      { exitCode: 1, stderr: 'oops\n' },
      'non-blocking-error',
      { userNotice: 'Failed with non-blocking status code: oops' },
    ],
    // §3.3: another exit code with a JSON object decides (Claude Code only).
    [
      'claude-code',
      'PreToolUse',
      { exitCode: 1, stdout: JSON.stringify(DENY_JSON) },
      'success',
      { permission: 'deny' },
    ],
    [
      'vscode',
      'PreToolUse',
      { exitCode: 1, stdout: JSON.stringify(DENY_JSON) },
      'non-blocking-error',
      { userNotice: 'Failed with non-blocking status code: exit 1' },
    ],
    // other-agents-hooks.md §1.5: Copilot fails closed on preToolUse for other exit codes.
    [
      'copilot-cli',
      'PreToolUse',
      { exitCode: 1, stderr: 'oops' },
      'non-blocking-error',
      { permission: 'deny' },
    ],
    [
      'copilot-cli',
      'PostToolUseFailure',
      { exitCode: 2, stderr: 'try again' },
      'success',
      { additionalContext: 'try again' },
    ],
    [
      'claude-code',
      'Stop',
      { exitCode: 2, stderr: 'keep going' },
      'blocking',
      { block: { reason: 'keep going' } },
    ],
  ])('%s %s %j → %s', (profile, event, fields, outcome, effect) => {
    const reading = read(profile, event, ran(fields));
    expect(reading.outcome).toBe(outcome);
    expect(reading.effect).toMatchObject(effect);
  });

  it('reads an answer object as the hook output, exactly as the same JSON on stdout', () => {
    const fromObject = read('claude-code', 'PreToolUse', ran({ output: DENY_JSON }), handler('http'));
    const fromStdout = read(
      'claude-code',
      'PreToolUse',
      ran({ stdout: JSON.stringify(DENY_JSON) }),
      handler('http'),
    );
    expect(fromObject).toEqual(fromStdout);
    expect(fromObject.output).toBe(DENY_JSON);
  });

  it('reads a verdict ok:false with the event exit-2 meaning, ok:true as a plain success', () => {
    const prompt = handler('prompt');
    const no = read(
      'claude-code',
      'PreToolUse',
      ran({ exitCode: null, verdict: { ok: false, reason: 'unsafe' } }),
      prompt,
    );
    expect(no).toMatchObject({
      outcome: 'blocking',
      blockedByExit: true,
      effect: { permission: 'deny', permissionReason: 'unsafe' },
    });
    expect(no.explanation).toContain('ok: false');
    const yes = read('claude-code', 'PreToolUse', ran({ exitCode: null, verdict: { ok: true } }), prompt);
    expect(yes).toMatchObject({ outcome: 'success', effect: {}, output: null });
  });

  it('lets a Stop through when the model judged the condition impossible (§4.5)', () => {
    const result = ran({
      exitCode: null,
      verdict: { ok: false, reason: 'no tests exist', impossible: true },
    });
    const stop = read('claude-code', 'Stop', result, handler('prompt'));
    expect(stop.outcome).toBe('success');
    expect(stop.effect).toEqual({});
    expect(stop.warnings).toEqual(['the model judged the condition impossible: no tests exist']);
    expect(read('claude-code', 'PreToolUse', result, handler('prompt')).outcome).toBe('blocking');
  });

  it('leaves runner problems to the runner: no warning for a truncated stdout', () => {
    const reading = read('claude-code', 'PostToolUse', ran({ stdout: 'partial', stdoutTruncated: true }));
    expect(reading.warnings).toEqual([]);
  });

  it('fails open on a timeout, except where the host blocks (PreModelSwitch, onFailure: block)', () => {
    const timedOut = ran({ exitCode: null, timedOut: true });
    expect(read('claude-code', 'PreToolUse', timedOut).outcome).toBe('timeout');
    expect(read('claude-code', 'PreToolUse', timedOut).effect.userNotice).toBe(
      "A hook didn't answer in time, so it didn't check this action.",
    );
    expect(read('claude-code', 'PreToolUse', timedOut).noVerdict).toBe('timeout');
    expect(read('claude-code', 'PreModelSwitch', timedOut).blockedByExit).toBe(true);
    expect(read('vscode', 'PreModelSwitch', timedOut).blockedByExit).toBe(false);
    const blocking = read(
      'claude-code',
      'PreToolUse',
      timedOut,
      handler('command', 'claude', { onFailure: 'block' }),
    );
    expect(blocking).toMatchObject({
      outcome: 'timeout',
      blockedByExit: true,
      effect: { permission: 'deny' },
    });
  });

  it('reports a cancelled run as having no effect', () => {
    expect(read('claude-code', 'PreToolUse', ran({ exitCode: null, cancelled: true }))).toMatchObject({
      outcome: 'cancelled',
      effect: {},
    });
  });
});
