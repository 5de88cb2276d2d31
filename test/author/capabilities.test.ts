import { describe, expect, it } from 'vitest';
import {
  BLOCK_EVENTS,
  effectKinds,
  permissionChoices,
  STOP_EVENTS,
  SYSTEM_MESSAGE_EVENTS,
} from '../../src/author/capabilities.ts';
import { defaultOnError } from '../../src/author/failure.ts';
import { EVENTS } from '../../src/index.ts';

// The helper lists restate catalogue columns as types; these tests keep them equal.

const sorted = (names: readonly string[]) => [...names].sort();

describe('the helper lists follow the event catalogue', () => {
  it('block(): a top-level decision that is not a permission, or exit 2 alone (decision kind "continue")', () => {
    const expected = EVENTS.filter(
      (spec) =>
        (spec.output.topLevel.includes('decision') && spec.decisionKind !== 'permission') ||
        spec.decisionKind === 'continue',
    ).map((spec) => spec.name);
    expect(sorted(BLOCK_EVENTS)).toEqual(sorted(expected));
  });

  it('stop() where the event honours continue; systemMessage() where it shows systemMessage', () => {
    const withField = (field: string) =>
      EVENTS.filter((spec) => (spec.output.topLevel as readonly string[]).includes(field)).map(
        (spec) => spec.name,
      );
    expect(sorted(STOP_EVENTS)).toEqual(sorted(withField('continue')));
    expect(sorted(SYSTEM_MESSAGE_EVENTS)).toEqual(sorted(withField('systemMessage')));
  });

  it('permission decisions come from the wire enum of each event', () => {
    expect(permissionChoices('PreToolUse')).toEqual(['allow', 'deny', 'ask', 'defer']);
    expect(permissionChoices('PreModelSwitch')).toEqual(['allow', 'deny', 'ask']);
    expect(permissionChoices('PermissionRequest')).toEqual(['allow', 'deny']);
    expect(permissionChoices('Stop')).toEqual([]);
  });

  it('lists the helpers of representative events', () => {
    const kinds = (event: Parameters<typeof effectKinds>[0]) => sorted([...effectKinds(event)]);
    expect(kinds('PreToolUse')).toEqual(['context', 'permission', 'stop', 'systemMessage', 'updateInput']);
    expect(kinds('PermissionRequest')).toEqual(['permission', 'stop', 'systemMessage', 'updateInput']);
    expect(kinds('Stop')).toEqual(['block', 'context', 'stop', 'systemMessage']);
    expect(kinds('Notification')).toEqual(['context']);
    expect(kinds('SessionEnd')).toEqual([]);
  });
});

describe('the default onError outcome', () => {
  it('fails closed on the permission events and open elsewhere', () => {
    const closed = EVENTS.filter((spec) => defaultOnError(spec.name) === 'deny').map((spec) => spec.name);
    expect(sorted(closed)).toEqual(['PreModelSwitch', 'PreSkillShellCommand', 'PreToolUse']);
    expect(defaultOnError('Stop')).toBe('ignore');
    expect(defaultOnError('PermissionRequest')).toBe('ignore');
  });
});
