import type { HandlerType } from '../../model/handler.ts';

export type ProfileName = 'claude-code' | 'copilot-cli' | 'vscode';

export const PROFILE_NAMES: readonly ProfileName[] = ['claude-code', 'copilot-cli', 'vscode'];

/** How a command's exit code and output are read; differs per host (decisions.md). */
export type ExitPolicy = 'claude' | 'copilot' | 'vscode';

/**
 * A profile is data: everything that differs between the hosts we emulate. Where hosts
 * disagree, the profile decides (DESIGN.md "profile").
 */
export interface Profile {
  readonly name: ProfileName;
  /** claude-code-observed.md: all handlers of one event start in parallel; Copilot and VS Code run in order. */
  readonly execution: 'parallel' | 'sequential';
  readonly exitPolicy: ExitPolicy;
  /** VS Code parses matchers and ignores them (other-agents-hooks.md §2.6). */
  readonly honourMatchers: boolean;
  /** Claude Code runs a handler with the same identity once per call (claude-code-hooks.md §4.9). */
  readonly dedupe: boolean;
  /** Stop/SubagentStop blocks honoured in a row before the host overrides (claude-code-hooks.md §2.18). */
  readonly stopBlockCap: number;
  /** PermissionRequest: first decision wins (Claude Code [SRC]) or later overrides earlier (Copilot §1.5). */
  readonly permissionRequestMerge: 'first' | 'last';
  /** Copilot: "if any hook returns deny, the tool is blocked"; Claude: deny > defer > ask > allow. */
  readonly permissionOrder: readonly ('deny' | 'defer' | 'ask' | 'allow')[];
  /** Default timeout in seconds per handler type; events may override (catalogue). */
  readonly defaultTimeoutSec: Readonly<Record<HandlerType, number>>;
  /** Whether per-event catalogue timeouts (UserPromptSubmit 30 s, MessageDisplay 10 s) apply. */
  readonly eventTimeouts: boolean;
  /** Cap on one additionalContext / systemMessage / plain stdout string (claude-code-hooks.md §3.2). */
  readonly contextCapChars: number;
  /** Whether `continue: false` stops the remaining sequential hooks (VS Code HookAbortError). */
  readonly stopOnContinueFalse: boolean;
}

const CLAUDE_CODE: Profile = {
  name: 'claude-code',
  execution: 'parallel',
  exitPolicy: 'claude',
  honourMatchers: true,
  dedupe: true,
  stopBlockCap: 8,
  permissionRequestMerge: 'first',
  permissionOrder: ['deny', 'defer', 'ask', 'allow'],
  defaultTimeoutSec: { command: 600, http: 600, mcp_tool: 600, prompt: 30, agent: 60, function: 5 },
  eventTimeouts: true,
  contextCapChars: 10_000,
  stopOnContinueFalse: false,
};

const COPILOT_CLI: Profile = {
  name: 'copilot-cli',
  execution: 'sequential',
  exitPolicy: 'copilot',
  honourMatchers: true,
  dedupe: false,
  // other-agents-hooks.md §1.5: "after 8 consecutive blocks the CLI ends the turn anyway".
  stopBlockCap: 8,
  permissionRequestMerge: 'last',
  permissionOrder: ['deny', 'defer', 'ask', 'allow'],
  // other-agents-hooks.md §1.1: timeoutSec defaults to 30.
  defaultTimeoutSec: { command: 30, http: 30, mcp_tool: 30, prompt: 30, agent: 60, function: 5 },
  eventTimeouts: false,
  contextCapChars: 10_000,
  stopOnContinueFalse: false,
};

const VSCODE: Profile = {
  name: 'vscode',
  execution: 'sequential',
  exitPolicy: 'vscode',
  honourMatchers: false,
  dedupe: false,
  stopBlockCap: 8,
  permissionRequestMerge: 'first',
  // other-agents-hooks.md §2.5: most restrictive wins, deny > ask > allow.
  permissionOrder: ['deny', 'defer', 'ask', 'allow'],
  // other-agents-hooks.md §2.5: timeout default 30 s.
  defaultTimeoutSec: { command: 30, http: 30, mcp_tool: 30, prompt: 30, agent: 60, function: 5 },
  eventTimeouts: false,
  contextCapChars: 10_000,
  stopOnContinueFalse: true,
};

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'claude-code': CLAUDE_CODE,
  'copilot-cli': COPILOT_CLI,
  vscode: VSCODE,
};

export function getProfile(name: ProfileName): Profile {
  return PROFILES[name];
}
