// The aggregate stage on in-memory interpretations: values in, result fields out.
import { describe, expect, it } from 'vitest';
import {
  type AggregateItem,
  type AggregateOptions,
  aggregate,
} from '../../../src/engine/aggregate/aggregate.ts';
import { getProfile } from '../../../src/engine/profiles/profiles.ts';
import type { HandlerEffect } from '../../../src/engine/read-output/effect.ts';
import { interpretation } from '../../../src/engine/read-output/interpretation.ts';
import { stopCapMessage } from '../../../src/engine/session/stop-loop.ts';
import type { EventName } from '../../../src/model/event-name.ts';
import type { NormalizedHandler } from '../../../src/model/handler.ts';

function item(label: string, effect: HandlerEffect, extra: { blockedByExit?: boolean } = {}): AggregateItem {
  const handler = {
    type: 'command',
    event: 'Stop',
    eventKey: 'Stop',
    dialect: 'claude',
    source: { file: 'settings.json', pointer: `/${label}`, scope: 'project' },
    spec: { command: label },
  } as NormalizedHandler;
  return { handler, label, interpretation: interpretation('success', effect, '', [], extra) };
}

function options(event: EventName, extra: Partial<AggregateOptions> = {}): AggregateOptions {
  return {
    event,
    profile: getProfile('claude-code'),
    interactive: false,
    hookLabel: event,
    capContext: (text) => text,
    input: {},
    ...extra,
  };
}

describe('aggregate (claude-code-hooks.md §3.4)', () => {
  it('returns the decided fields and writes nowhere else', () => {
    const items = [
      item('a', { permission: 'allow' }),
      item('b', { permission: 'deny', permissionReason: 'no' }),
    ];
    const before = JSON.stringify(items);
    const out = aggregate(items, options('PreToolUse'));
    expect(out).toMatchObject({ decision: 'deny', reason: 'no', continue: true, conflicts: [] });
    expect(out.messages.toModel).toEqual(['PreToolUse hook error: no']);
    expect(JSON.stringify(items)).toBe(before);
  });

  it('turns ask into deny without a person to ask (claude-code-observed.md)', () => {
    const out = aggregate(
      [item('a', { permission: 'ask', permissionReason: 'sure?' })],
      options('PreToolUse'),
    );
    expect(out.decision).toBe('deny');
    expect(
      aggregate([item('a', { permission: 'ask' })], options('PreToolUse', { interactive: true })).decision,
    ).toBe('ask');
  });

  it('reports a rewrite that replaces another as a conflict; the later one wins', () => {
    const out = aggregate(
      [item('a', { updatedInput: { command: 'ls' } }), item('b', { updatedInput: { command: 'pwd' } })],
      options('PreToolUse'),
    );
    expect(out.updatedInput).toEqual({ command: 'pwd' });
    expect(out.conflicts).toEqual(['updatedInput from b replaces the one from a']);
  });

  it('blocks a Stop with the feedback the model sees', () => {
    const out = aggregate([item('check.sh', { block: { reason: 'tests fail' } }, { blockedByExit: true })], {
      ...options('Stop'),
      stopCap: { key: 's', blocks: 7, cap: 8 },
    });
    expect(out.decision).toBe('block');
    expect(out.stopCapReached).toBeUndefined();
    expect(out.messages.toModel).toEqual(['Stop hook feedback:\n[check.sh]: tests fail']);
  });

  it('past the cap, decides the override before writing any message: no feedback ever written', () => {
    const out = aggregate(
      [
        item('json', { block: { reason: 'not yet' } }),
        item('exit2', { block: { reason: 'again' } }, { blockedByExit: true }),
      ],
      { ...options('Stop'), stopCap: { key: 's', blocks: 8, cap: 8 } },
    );
    expect(out.decision).toBeNull();
    expect(out.stopCapReached).toBe(true);
    expect(out.reason).toBe('not yet\nagain');
    expect(out.messages.toModel).toEqual([]);
    expect(out.messages.toUser).toEqual([stopCapMessage(9)]);
    expect(out.terminalReason).toBe('stop_hook_cap');
  });

  it('discards the output of events that decide nothing, except where Copilot reads it', () => {
    const items = [item('a', { additionalContext: 'note', systemMessage: 'hi' })];
    expect(aggregate(items, options('Notification')).additionalContext).toEqual([]);
    const copilot = aggregate(items, { ...options('Notification'), profile: getProfile('copilot-cli') });
    expect(copilot.additionalContext).toEqual(['note']);
  });
});
