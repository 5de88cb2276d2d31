import { describe, expect, it } from 'vitest';
import { EVENT_BY_NAME, EVENTS, getEvent } from '../../src/events/catalogue.ts';
import type { EventSpec } from '../../src/events/types.ts';
import { WIRE } from '../../src/events/wire/registry.ts';
import { EVENT_NAMES, type EventName } from '../../src/model/event-name.ts';

/**
 * Transcribed by hand from claude-code-hooks.md §2.0 (matcher column, "Blk" column) and §3.3
 * ("Exit 2 per event"); the two Copilot-only rows from other-agents-hooks.md §1.3/§1.5.
 * [matcher field, can block, exit-2 effect]
 */
const REFERENCE: Record<EventName, [string | null, EventSpec['blocking'], EventSpec['exit2']]> = {
  SessionStart: ['source', 'no', 'user'],
  Setup: ['trigger', 'no', 'user'],
  InstructionsLoaded: ['load_reason', 'no', 'ignored'],
  UserPromptSubmit: [null, 'yes', 'block'],
  UserPromptExpansion: ['command_name', 'yes', 'block'],
  MessageDisplay: [null, 'no', 'original'],
  PreToolUse: ['tool_name', 'yes', 'block'],
  PermissionRequest: ['tool_name', 'json-only', 'ignored'],
  PermissionDenied: ['tool_name', 'no', 'ignored'],
  PostToolUse: ['tool_name', 'feedback', 'feedback'],
  PostToolUseFailure: ['tool_name', 'feedback', 'feedback'],
  PostToolBatch: [null, 'yes', 'block'],
  Notification: ['notification_type', 'no', 'ignored'],
  SubagentStart: ['agent_type', 'no', 'user'],
  SubagentStop: ['agent_type', 'yes', 'block'],
  TaskCreated: [null, 'yes', 'block'],
  TaskCompleted: [null, 'yes', 'block'],
  Stop: [null, 'yes', 'block'],
  StopFailure: ['error', 'no', 'ignored'],
  TeammateIdle: [null, 'yes', 'block'],
  ConfigChange: ['source', 'yes', 'block'],
  CwdChanged: [null, 'no', 'user'],
  DirectoryAdded: ['source', 'no', 'debug'],
  FileChanged: ['file_path', 'no', 'user'],
  WorktreeCreate: [null, 'yes', 'fail'],
  WorktreeRemove: [null, 'no', 'debug'],
  PreCompact: ['trigger', 'yes', 'block'],
  PostCompact: ['trigger', 'no', 'user'],
  PreModelSwitch: ['to_model', 'yes', 'block'],
  PostModelSwitch: ['to_model', 'no', 'user'],
  Elicitation: ['mcp_server_name', 'yes', 'decline'],
  ElicitationResult: ['mcp_server_name', 'yes', 'decline'],
  SessionEnd: ['reason', 'no', 'user'],
  PreSkillShellCommand: ['tool_name', 'yes', 'block'],
  ErrorOccurred: [null, 'no', 'user'],
  UserPromptTransformed: [null, 'no', 'user'],
};

/** claude-code-hooks.md §2.0 "Ctx" column and §3.3 exit 0 row; §2.25 for the worktree path. */
const PLAIN_STDOUT_CONTEXT = ['UserPromptSubmit', 'UserPromptExpansion', 'SessionStart', 'PostModelSwitch'];

/** claude-code-hooks.md §4.1 `timeout` row: event overrides of the 600 s default. */
const TIMEOUT_OVERRIDES_SEC: Partial<Record<EventName, number>> = {
  UserPromptSubmit: 30,
  MessageDisplay: 10,
  PreModelSwitch: 30,
  PostModelSwitch: 30,
  SessionEnd: 1.5,
  ErrorOccurred: 30,
  UserPromptTransformed: 30,
};

/** claude-code-hooks.md §4.5: events where prompt (and agent) handlers are supported. */
const LLM_EVENTS = [
  'PermissionDenied',
  'PermissionRequest',
  'PostToolBatch',
  'PostToolUse',
  'PostToolUseFailure',
  'PreToolUse',
  'Stop',
  'SubagentStop',
  'TaskCompleted',
  'TaskCreated',
  'TeammateIdle',
  'UserPromptExpansion',
  'UserPromptSubmit',
];

/** claude-code-hooks.md §4.1 (persisted hooks, mcp_tool row) and §7.1 (SDK callbacks): onFailure ignored. */
const ON_FAILURE_IGNORED_BY_HOOKS = [
  'Setup',
  'SessionStart',
  'Stop',
  'SubagentStop',
  'TaskCompleted',
  'TeammateIdle',
];
const ON_FAILURE_IGNORED_BY_SDK = ['Stop', 'SubagentStop', 'TaskCompleted', 'TeammateIdle'];
/** claude-code-hooks.md §3.3 "Timeouts" and §7.1: an SDK callback timeout blocks these. */
const SDK_TIMEOUT_BLOCKS = ['PreToolUse', 'UserPromptSubmit', 'UserPromptExpansion'];

describe('event catalogue', () => {
  it('has 36 rows in EVENT_NAMES order', () => {
    expect(EVENTS).toHaveLength(36);
    expect(EVENTS.map((row) => row.name)).toEqual([...EVENT_NAMES]);
    for (const name of EVENT_NAMES) expect(EVENT_BY_NAME[name].name).toBe(name);
  });

  describe.each(EVENT_NAMES)('claude-code-hooks.md §2.0 and §3.3: %s', (name) => {
    const row = getEvent(name);
    const [matcherField, blocking, exit2] = REFERENCE[name];

    it('matcher field, blocking and exit 2 follow the reference', () => {
      expect({ matcher: row.matcher.field, blocking: row.blocking, exit2: row.exit2 }).toEqual({
        matcher: matcherField,
        blocking,
        exit2,
      });
    });

    it('plain stdout (§3.3 exit 0) and default timeout (§4.1)', () => {
      const expectedStdout =
        name === 'WorktreeCreate' ? 'path' : PLAIN_STDOUT_CONTEXT.includes(name) ? 'context' : 'debug';
      expect(row.plainStdout).toBe(expectedStdout);
      expect(row.defaultTimeoutSec).toBe(TIMEOUT_OVERRIDES_SEC[name] ?? 600);
    });

    it('handler types: prompt/agent only where §4.5 supports them', () => {
      const llm = row.handlerTypes.includes('prompt') || row.handlerTypes.includes('agent');
      expect(llm).toBe(LLM_EVENTS.includes(name));
      expect(row.handlerTypes).toContain('command');
    });

    it('onFailure, SDK timeout and stop-loop columns follow §4.1, §3.3, §7.1 and §2.18', () => {
      const hooks = !ON_FAILURE_IGNORED_BY_HOOKS.includes(name);
      const sdk = !ON_FAILURE_IGNORED_BY_SDK.includes(name);
      expect(row.onFailureBlock).toBe(hooks ? 'yes' : sdk ? 'sdk-only' : 'no');
      expect(row.sdkTimeout).toBe(SDK_TIMEOUT_BLOCKS.includes(name) ? 'blocks' : 'proceeds');
      const loop = name === 'Stop' ? 'session' : name === 'SubagentStop' ? 'subagent' : 'none';
      expect(row.stopLoop).toBe(loop);
      expect(row.stopLoop !== 'none').toBe(row.decisionKind === 'stop');
    });

    it('a matcher field is an input field of the event (or a common one)', () => {
      if (row.matcher.field === null) return;
      expect(row.input.map((field) => field.name)).toContain(row.matcher.field);
    });

    it('the catalogue input fields are those of the wire schema, in its order', () => {
      expect(row.input.map((field) => field.name)).toEqual(Object.keys(WIRE[name].input));
    });

    it('the catalogue hookSpecificOutput fields are those of the wire schema', () => {
      expect([...row.output.hookSpecific]).toEqual(Object.keys(WIRE[name].hookSpecific));
    });

    it('events that decide through hookSpecificOutput declare the field', () => {
      const needs: Partial<Record<EventSpec['decisionKind'], string>> = {
        permission: 'permissionDecision',
        'permission-request': 'decision',
        retry: 'retry',
        display: 'displayContent',
        watch: 'watchPaths',
        elicitation: 'action',
        worktree: 'worktreePath',
      };
      const field = needs[row.decisionKind];
      if (field) expect(row.output.hookSpecific).toContain(field);
      if (row.decisionKind === 'block' || row.decisionKind === 'stop') {
        expect(row.output.topLevel).toContain('decision');
      }
    });
  });

  it('names the SessionStart sources and the tool events as §2.1/§2.7 list them', () => {
    expect(getEvent('SessionStart').matcher.values).toEqual([
      'startup',
      'resume',
      'clear',
      'compact',
      'fork',
    ]);
    expect(getEvent('PermissionRequest').input.map((field) => field.name)).not.toContain('tool_use_id');
    expect(getEvent('PreToolUse').output.hookSpecific).toEqual([
      'permissionDecision',
      'permissionDecisionReason',
      'updatedInput',
      'additionalContext',
    ]);
  });

  it('getEvent throws a HookError for an unknown name (misuse)', () => {
    expect(() => getEvent('Nope' as EventName)).toThrow(
      expect.objectContaining({ code: 'ENGINE_UNKNOWN_EVENT' }),
    );
  });
});
