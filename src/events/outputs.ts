import type { EventName } from '../model/event-name.ts';

type Json = Record<string, unknown>;

export type PermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** PermissionUpdate union (claude-code-hooks.md §2.8). */
export type PermissionUpdate =
  | {
      type: 'addRules' | 'replaceRules' | 'removeRules';
      rules: { toolName: string; ruleContent?: string }[];
      behavior: 'allow' | 'deny' | 'ask';
      destination: string;
    }
  | { type: 'setMode'; mode: string; destination: string }
  | { type: 'addDirectories' | 'removeDirectories'; directories: string[]; destination: string };

/** `hookSpecificOutput` per event (claude-code-hooks.md §2.x "Output"). */
export interface HookSpecificOutputMap {
  SessionStart: {
    additionalContext?: string;
    initialUserMessage?: string;
    sessionTitle?: string;
    watchPaths?: string[];
    reloadSkills?: boolean;
  };
  Setup: { additionalContext?: string };
  InstructionsLoaded: {};
  UserPromptSubmit: { additionalContext?: string; sessionTitle?: string; suppressOriginalPrompt?: boolean };
  UserPromptExpansion: { additionalContext?: string; suppressOriginalPrompt?: boolean };
  MessageDisplay: { displayContent?: string };
  PreToolUse: {
    permissionDecision?: PermissionDecision;
    permissionDecisionReason?: string;
    updatedInput?: Json;
    additionalContext?: string;
  };
  PermissionRequest: {
    decision?:
      | { behavior: 'allow'; updatedInput?: Json; updatedPermissions?: PermissionUpdate[] }
      | { behavior: 'deny'; message?: string; interrupt?: boolean };
  };
  PermissionDenied: { retry?: boolean };
  PostToolUse: {
    additionalContext?: string;
    updatedToolOutput?: unknown;
    updatedMCPToolOutput?: unknown;
    classifierContext?: string;
  };
  PostToolUseFailure: { additionalContext?: string };
  PostToolBatch: { additionalContext?: string };
  Notification: {};
  SubagentStart: { additionalContext?: string };
  SubagentStop: { additionalContext?: string };
  TaskCreated: {};
  TaskCompleted: {};
  Stop: { additionalContext?: string };
  StopFailure: {};
  TeammateIdle: {};
  ConfigChange: {};
  CwdChanged: { watchPaths?: string[] };
  DirectoryAdded: {};
  FileChanged: { watchPaths?: string[] };
  WorktreeCreate: { worktreePath?: string };
  WorktreeRemove: {};
  PreCompact: {};
  PostCompact: {};
  PreModelSwitch: {
    permissionDecision?: Exclude<PermissionDecision, 'defer'>;
    permissionDecisionReason?: string;
  };
  PostModelSwitch: { additionalContext?: string };
  Elicitation: { action?: 'accept' | 'decline' | 'cancel'; content?: Json };
  ElicitationResult: { action?: 'accept' | 'decline' | 'cancel'; content?: Json };
  SessionEnd: {};
  PreSkillShellCommand: {
    permissionDecision?: PermissionDecision;
    permissionDecisionReason?: string;
    updatedInput?: Json;
  };
  ErrorOccurred: {};
  UserPromptTransformed: {};
}

/** The `hookSpecificOutput` object of one event, discriminated by `hookEventName`. */
export type HookSpecificOutput<E extends EventName = EventName> = {
  [K in E]: { hookEventName: K } & HookSpecificOutputMap[K];
}[E];

/** The JSON object a handler may print (claude-code-hooks.md §3.2, universal fields). */
export interface HookOutput<E extends EventName = EventName> {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  terminalSequence?: string;
  decision?: 'approve' | 'block';
  reason?: string;
  hookSpecificOutput?: HookSpecificOutput<E>;
  /** Async form (SDK callbacks; a command hook's first stdout line per [SRC]). */
  async?: true;
  asyncTimeout?: number;
}

/**
 * Copilot CLI output fields are flat, at the top level (other-agents-hooks.md §1.3, §1.7).
 * VS Code (§2.5) uses the Claude shape, except Stop/SubagentStop read `hookSpecificOutput.decision`.
 */
export interface CopilotHookOutput {
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
  modifiedArgs?: unknown;
  modifiedPrompt?: string;
  modifiedTransformedPrompt?: string;
  modifiedResult?: { resultType: string; textResultForLlm: string };
  modifiedResponse?: string;
  additionalContext?: string;
  behavior?: 'allow' | 'deny';
  message?: string;
  interrupt?: boolean;
  decision?: 'block' | 'allow';
  reason?: string;
  suppressOutput?: boolean;
}

type OutputKeysOf<E extends EventName> = readonly (keyof HookSpecificOutputMap[E] & string)[];

/**
 * Runtime copy of the keys of `HookSpecificOutputMap`; a test checks each list equals the
 * catalogue's `output.hookSpecific`, and the type below makes a missing key a compile error.
 */
export const HOOK_SPECIFIC_KEYS = {
  SessionStart: ['additionalContext', 'initialUserMessage', 'sessionTitle', 'watchPaths', 'reloadSkills'],
  Setup: ['additionalContext'],
  InstructionsLoaded: [],
  UserPromptSubmit: ['additionalContext', 'sessionTitle', 'suppressOriginalPrompt'],
  UserPromptExpansion: ['additionalContext', 'suppressOriginalPrompt'],
  MessageDisplay: ['displayContent'],
  PreToolUse: ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'],
  PermissionRequest: ['decision'],
  PermissionDenied: ['retry'],
  PostToolUse: ['additionalContext', 'updatedToolOutput', 'updatedMCPToolOutput', 'classifierContext'],
  PostToolUseFailure: ['additionalContext'],
  PostToolBatch: ['additionalContext'],
  Notification: [],
  SubagentStart: ['additionalContext'],
  SubagentStop: ['additionalContext'],
  TaskCreated: [],
  TaskCompleted: [],
  Stop: ['additionalContext'],
  StopFailure: [],
  TeammateIdle: [],
  ConfigChange: [],
  CwdChanged: ['watchPaths'],
  DirectoryAdded: [],
  FileChanged: ['watchPaths'],
  WorktreeCreate: ['worktreePath'],
  WorktreeRemove: [],
  PreCompact: [],
  PostCompact: [],
  PreModelSwitch: ['permissionDecision', 'permissionDecisionReason'],
  PostModelSwitch: ['additionalContext'],
  Elicitation: ['action', 'content'],
  ElicitationResult: ['action', 'content'],
  SessionEnd: [],
  PreSkillShellCommand: ['permissionDecision', 'permissionDecisionReason', 'updatedInput'],
  ErrorOccurred: [],
  UserPromptTransformed: [],
} as const satisfies { readonly [E in EventName]: OutputKeysOf<E> };

type MissingOutputKeys = {
  [E in EventName]: Exclude<keyof HookSpecificOutputMap[E], (typeof HOOK_SPECIFIC_KEYS)[E][number]>;
}[EventName];
const NO_MISSING_OUTPUT_KEYS: [MissingOutputKeys] extends [never] ? true : MissingOutputKeys = true;
void NO_MISSING_OUTPUT_KEYS;
