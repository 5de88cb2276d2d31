import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/match/compile-matcher.ts';
import { eventHasMatcher, matcherValue } from '../../src/match/matcher-fields.ts';
import type { Dialect } from '../../src/model/dialect.ts';
import { EVENT_NAMES, type EventName } from '../../src/model/event-name.ts';
import type { ProfileName } from '../../src/model/profile-name.ts';

type Ctx = { dialect: Dialect; event: EventName; profile: ProfileName; eventKey?: string };
type Row = [
  ref: string,
  matcher: string | undefined,
  ctx: Ctx,
  value: string,
  expected: boolean,
  kind: string,
];

const claude = (event: EventName): Ctx => ({ dialect: 'claude', event, profile: 'claude-code' });

const rows: Row[] = [
  ['claude §5.1 exact', 'Edit|Write', claude('PreToolUse'), 'Write', true, 'exact'],
  ['claude §5.1 unanchored regex', 'Edit.*', claude('PostToolUse'), 'NotebookEdit', true, 'regex'],
  ['claude §5.1 Stop ignores matcher', 'Bash', claude('Stop'), 'anything', true, 'ignored'],
  ['claude §5.1 UserPromptSubmit ignores matcher', 'x', claude('UserPromptSubmit'), 'y', true, 'ignored'],
  ['claude §5.1 Stop empty matcher = all', '', claude('Stop'), 'y', true, 'all'],
  [
    'claude §2.19 StopFailure narrow',
    'rate_limit,overloaded',
    claude('StopFailure'),
    'overloaded',
    false,
    'regex',
  ],
  [
    'copilot §1.4 camelCase anchored',
    'edit',
    { dialect: 'copilot', event: 'PreToolUse', profile: 'copilot-cli', eventKey: 'preToolUse' },
    'edit_file',
    false,
    'regex',
  ],
  [
    'copilot §1.4 PascalCase PreToolUse Claude format',
    'Bash',
    { dialect: 'copilot-compat', event: 'PreToolUse', profile: 'copilot-cli', eventKey: 'PreToolUse' },
    'bash',
    true,
    'exact',
  ],
  [
    'copilot §1.4 PascalCase PermissionRequest Claude format',
    'Read|Write',
    { dialect: 'copilot-compat', event: 'PermissionRequest', profile: 'copilot-cli' },
    'view',
    true,
    'exact',
  ],
  [
    'copilot §1.4 PascalCase PostToolUse stays anchored',
    'Bash',
    { dialect: 'copilot-compat', event: 'PostToolUse', profile: 'copilot-cli', eventKey: 'PostToolUse' },
    'bash',
    false,
    'regex',
  ],
  [
    'copilot §1.4 preCompact trigger',
    'manual',
    { dialect: 'copilot', event: 'PreCompact', profile: 'copilot-cli', eventKey: 'preCompact' },
    'auto',
    false,
    'regex',
  ],
  [
    'copilot §1.3 agentStop has no matcher',
    'x',
    { dialect: 'copilot', event: 'Stop', profile: 'copilot-cli', eventKey: 'agentStop' },
    'y',
    true,
    'ignored',
  ],
  [
    'copilot file under claude-code profile keeps Copilot rules',
    'bash',
    { dialect: 'copilot', event: 'PreToolUse', profile: 'claude-code', eventKey: 'preToolUse' },
    'bash',
    true,
    'regex',
  ],
  [
    'vscode §2 matchers parsed and ignored',
    'Edit',
    { dialect: 'claude', event: 'PreToolUse', profile: 'vscode' },
    'Bash',
    true,
    'ignored',
  ],
  [
    'vscode §2 invalid regex still ignored',
    '(',
    { dialect: 'vscode', event: 'PreToolUse', profile: 'vscode' },
    'Bash',
    true,
    'ignored',
  ],
];

describe('compileMatcher per dialect and profile', () => {
  it.each(rows)('%s', (_ref, matcher, ctx, value, expected, kind) => {
    const m = compileMatcher(matcher, ctx);
    expect(m.kind).toBe(kind);
    expect(m.test(value)).toBe(expected);
  });

  it('says why a matcher is ignored', () => {
    const vs = compileMatcher('Edit', { dialect: 'vscode', event: 'PreToolUse', profile: 'vscode' });
    expect(vs.describe).toMatch(/VS Code ignores matchers/);
    expect(vs.code).toBe('MATCH_MATCHER_IGNORED');
    const stop = compileMatcher('Bash', claude('Stop'));
    expect(stop.code).toBe('MATCH_UNSUPPORTED_MATCHER');
  });
});

describe('matcherValue (claude-code-hooks.md §2.0)', () => {
  it.each<[EventName, Record<string, unknown>, string | undefined]>([
    ['PreToolUse', { tool_name: 'Bash' }, 'Bash'],
    ['PreToolUse', { toolName: 'bash' }, 'bash'],
    ['PermissionDenied', { tool_name: 'Edit' }, 'Edit'],
    ['SessionStart', { source: 'resume' }, 'resume'],
    ['Setup', { trigger: 'init' }, 'init'],
    ['InstructionsLoaded', { load_reason: 'include' }, 'include'],
    ['UserPromptExpansion', { command_name: 'review' }, 'review'],
    ['Notification', { notification_type: 'idle_prompt' }, 'idle_prompt'],
    ['SubagentStart', { agent_type: 'Explore' }, 'Explore'],
    ['SubagentStart', { agentName: 'explore' }, 'explore'],
    ['SubagentStop', { agent_type: 'Plan' }, 'Plan'],
    ['StopFailure', { error: 'rate_limit' }, 'rate_limit'],
    ['ConfigChange', { source: 'skills' }, 'skills'],
    ['DirectoryAdded', { source: 'slash_command' }, 'slash_command'],
    ['FileChanged', { file_path: '/repo/.envrc' }, '.envrc'],
    ['FileChanged', { file_path: 'C:\\repo\\package.json' }, 'package.json'],
    ['PreCompact', { trigger: 'auto' }, 'auto'],
    ['PostCompact', { trigger: 'manual' }, 'manual'],
    ['PreModelSwitch', { to_model: 'claude-opus-4' }, 'claude-opus-4'],
    ['Elicitation', { mcp_server_name: 'memory' }, 'memory'],
    ['ElicitationResult', { mcp_server_name: 'memory' }, 'memory'],
    ['SessionEnd', { reason: 'logout' }, 'logout'],
    ['Stop', { reason: 'x' }, undefined],
    ['PreToolUse', { tool_name: 42 }, undefined],
  ])('%s %j → %j', (event, input, expected) => {
    expect(matcherValue(event, input)).toBe(expected);
  });

  it('knows exactly the §5.1 no-matcher events among the Claude events', () => {
    const noMatcher = EVENT_NAMES.filter((e) => !eventHasMatcher(e));
    expect(noMatcher.sort()).toEqual(
      [
        'UserPromptSubmit',
        'PostToolBatch',
        'Stop',
        'TeammateIdle',
        'TaskCreated',
        'TaskCompleted',
        'WorktreeCreate',
        'WorktreeRemove',
        'MessageDisplay',
        'CwdChanged',
        'ErrorOccurred',
        'UserPromptTransformed',
      ].sort(),
    );
  });
});
