import type { EventName } from '../../model/event-name.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { CLAUDE_READER, VSCODE_READER } from '../read-output/claude-reader.ts';
import { COPILOT_READER } from '../read-output/copilot-reader.ts';
import { COPILOT_NO_USER_DENIAL, copilotModelTexts } from './copilot-messages.ts';
import type { Profile } from './profile.ts';

export type { Profile } from './profile.ts';

/**
 * seed 003 "Hook-Ereignisse": errorOccurred, preCompact ("notification only") and sessionEnd
 * process no output. Not observed in Copilot CLI 1.0.102 (copilot-cli-observed.md "Not observed").
 */
const COPILOT_IGNORED_OUTPUT: Profile['ignoredOutput'] = {
  ErrorOccurred: { keeps: 'nothing', source: 'Copilot CLI (seed 003)' },
  PreCompact: { keeps: 'nothing', source: 'Copilot CLI (seed 003)' },
  SessionEnd: { keeps: 'nothing', source: 'Copilot CLI (seed 003)' },
};

/** seed 000 "PreCompact" and other-agents-hooks.md §2.5: PreCompact reads the common output only. */
const VSCODE_IGNORED_OUTPUT: Profile['ignoredOutput'] = {
  PreCompact: { keeps: 'common', source: 'VS Code (seed 000, other-agents-hooks.md §2.5)' },
};

const NONE: ReadonlySet<EventName> = new Set();

/** Said with ENGINE_STOP_CAP_REACHED under the vscode profile, whose host has no such cap. */
const VSCODE_NO_STOP_CAP =
  'VS Code itself has no such cap (other-agents-hooks.md §7.1); the engine keeps one so that a Stop hook cannot keep the agent going forever';

const CLAUDE_CODE: Profile = {
  name: 'claude-code',
  execution: 'parallel',
  output: CLAUDE_READER,
  honourMatchers: true,
  dedupe: true,
  checksHandlerTypes: true,
  readsNonDecidingOutput: false,
  sandboxBypassNeedsUser: false,
  stopBlockCap: 8,
  permissionRequestMerge: 'first',
  updatedInputPrecedence: 'last',
  permissionOrder: ['deny', 'defer', 'ask', 'allow'],
  defaultTimeoutSec: { command: 600, http: 600, mcp_tool: 600, prompt: 30, agent: 60, function: 5 },
  eventTimeouts: true,
  contextCapChars: 10_000,
  blockedPromptKept: false,
  stopOnContinueFalse: false,
  stopOnDeny: false,
  firstBlockOnly: NONE,
  uniqueBlockReasons: NONE,
  ignoresErrorsAndStops: NONE,
  ignoredOutput: {},
  fireAndForget: NONE,
  permissionKindsBeforeHooks: NONE,
};

const COPILOT_CLI: Profile = {
  name: 'copilot-cli',
  execution: 'sequential',
  output: COPILOT_READER,
  honourMatchers: true,
  dedupe: false,
  checksHandlerTypes: false,
  readsNonDecidingOutput: true,
  sandboxBypassNeedsUser: true,
  // other-agents-hooks.md §1.5: "after 8 consecutive blocks the CLI ends the turn anyway".
  stopBlockCap: 8,
  permissionRequestMerge: 'last',
  updatedInputPrecedence: 'last',
  permissionOrder: ['deny', 'defer', 'ask', 'allow'],
  // other-agents-hooks.md §1.1: timeoutSec defaults to 30.
  defaultTimeoutSec: { command: 30, http: 30, mcp_tool: 30, prompt: 30, agent: 60, function: 5 },
  eventTimeouts: false,
  contextCapChars: 10_000,
  stopOnContinueFalse: false,
  // copilot-cli-observed.md "How hooks are started": a deny stops the rest of the event's hooks.
  stopOnDeny: true,
  firstBlockOnly: NONE,
  uniqueBlockReasons: NONE,
  ignoresErrorsAndStops: NONE,
  ignoredOutput: COPILOT_IGNORED_OUTPUT,
  // seed 003 "notification": fire-and-forget, it never blocks the session.
  fireAndForget: new Set(['Notification']),
  permissionKindsBeforeHooks: new Set(['read', 'hook']),
  modelTexts: copilotModelTexts,
  // A run of Copilot CLI 1.0.102: a blocked userPromptSubmitted is a warning carrying the reason
  // alone (`! <reason>`, session.warning policy_blocked); the model is not called.
  promptBlockedNotice: (reason) => reason,
  unansweredPermissionDenial: COPILOT_NO_USER_DENIAL,
};

const VSCODE: Profile = {
  name: 'vscode',
  execution: 'sequential',
  output: VSCODE_READER,
  honourMatchers: false,
  dedupe: false,
  checksHandlerTypes: false,
  readsNonDecidingOutput: false,
  sandboxBypassNeedsUser: false,
  // VS Code keeps no count (other-agents-hooks.md §7.1 "Stop / continuation": "no counter"); the
  // engine keeps Claude Code's cap so that a Stop hook cannot keep the agent going forever.
  stopBlockCap: 8,
  stopCapNotTheHosts: VSCODE_NO_STOP_CAP,
  permissionRequestMerge: 'first',
  updatedInputPrecedence: 'workspace-over-user',
  // other-agents-hooks.md §2.5: most restrictive wins, deny > ask > allow.
  permissionOrder: ['deny', 'defer', 'ask', 'allow'],
  // other-agents-hooks.md §2.5: timeout default 30 s.
  defaultTimeoutSec: { command: 30, http: 30, mcp_tool: 30, prompt: 30, agent: 60, function: 5 },
  eventTimeouts: false,
  contextCapChars: 10_000,
  stopOnContinueFalse: true,
  stopOnDeny: false,
  // other-agents-hooks.md §2.5: on PostToolUse "first top-level decision:block wins (its reason)".
  firstBlockOnly: new Set(['PostToolUse']),
  // other-agents-hooks.md §2.5: on Stop/SubagentStop the blocks' "reasons [are] de-duplicated".
  uniqueBlockReasons: new Set(['Stop', 'SubagentStop']),
  // other-agents-hooks.md §2.5: on SessionStart/SubagentStart "errors and stop requests ignored".
  ignoresErrorsAndStops: new Set(['SessionStart', 'SubagentStart']),
  ignoredOutput: VSCODE_IGNORED_OUTPUT,
  fireAndForget: NONE,
  permissionKindsBeforeHooks: NONE,
};

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'claude-code': CLAUDE_CODE,
  'copilot-cli': COPILOT_CLI,
  vscode: VSCODE,
};

export function getProfile(name: ProfileName): Profile {
  return PROFILES[name];
}
