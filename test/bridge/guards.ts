// Shared by the bridge tests: one guard per dialect (the real script test/fixtures/bridge/guard.sh)
// and each host's PreToolUse payload for a shell command.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileName } from '../../src/model/profile-name.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import type { TreeSpec } from '../helpers/temp-dir.ts';

export const GUARD = join(REPO_ROOT, 'test/fixtures/bridge/guard.sh');
export const HOSTS: readonly ProfileName[] = ['claude-code', 'copilot-cli', 'vscode'];

export type GuardDialect = 'claude' | 'copilot' | 'copilot-compat' | 'vscode';
export const DIALECTS: readonly GuardDialect[] = ['claude', 'copilot', 'copilot-compat', 'vscode'];

// Each dialect's own name for the terminal tool: under VS Code the bridge hands Claude and Copilot
// hooks VS Code's `run_in_terminal` as `Bash` / `bash` (src/events/vscode-tool-names.ts).
const CLAUDE_MATCHER = 'Bash';
const COPILOT_MATCHER = 'bash';

/** The file (path in the project) that holds the guard in `dialect`. */
export function guardTree(dialect: GuardDialect, mode = ''): TreeSpec {
  const command = `sh ${GUARD} ${dialect}${mode ? ` ${mode}` : ''}`;
  switch (dialect) {
    case 'claude':
      return {
        '.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: CLAUDE_MATCHER, hooks: [{ type: 'command', command }] }] },
        },
      };
    case 'copilot':
      return {
        '.github/hooks/guard.json': {
          version: 1,
          hooks: {
            preToolUse: [{ type: 'command', bash: command, matcher: COPILOT_MATCHER, timeoutSec: 10 }],
          },
        },
      };
    case 'copilot-compat':
      return {
        '.github/hooks/guard.json': {
          version: 1,
          hooks: { PreToolUse: [{ type: 'command', command, matcher: CLAUDE_MATCHER, timeoutSec: 10 }] },
        },
      };
    case 'vscode':
      // No `version`: VS Code's own format (other-agents-hooks.md §2.3, §2.4 step 1).
      return {
        '.github/hooks/guard.json': { hooks: { PreToolUse: [{ type: 'command', command, timeout: 10 }] } },
      };
  }
}

/** Whether `host` reads the guard's file itself (so the bridge skips it without --include-native). */
export function isNative(host: ProfileName, dialect: GuardDialect): boolean {
  if (dialect === 'claude') return host !== 'vscode'; // VS Code: chat.useClaudeHooks is off by default
  return host !== 'claude-code';
}

interface RecordedInputs {
  events: Record<string, Record<string, unknown>[]>;
}

/** Claude Code 2.1.328's recorded PreToolUse payload (test/fixtures/compat), for `command`. */
export function claudePreToolUse(projectDir: string, command: string): Record<string, unknown> {
  const file = join(REPO_ROOT, 'test/fixtures/compat/claude-code-2.1.328/hook-inputs.json');
  const text = readFileSync(file, 'utf8')
    .replaceAll('$SESSION_ID', 'bridge-session')
    .replaceAll('$PROJECT_DIR', projectDir)
    .replaceAll('$HOME', '/home/nobody')
    .replaceAll('$SANITIZED_PROJECT_DIR', 'project')
    .replaceAll('$UUID', '00000000-0000-4000-8000-000000000000');
  const recorded = (JSON.parse(text) as RecordedInputs).events.PreToolUse?.[0] as Record<string, unknown>;
  return { ...recorded, tool_input: { ...(recorded.tool_input as object), command } };
}

/** Copilot CLI's camelCase preToolUse payload: no event name (copilot-cli-observed.md "Payloads"). */
export function copilotPreToolUse(projectDir: string, command: string): Record<string, unknown> {
  return {
    sessionId: 'bridge-session',
    timestamp: 1_767_225_600_000,
    cwd: projectDir,
    toolName: 'bash',
    toolArgs: { command },
  };
}

/** VS Code's PreToolUse payload as its hook service builds it (other-agents-hooks.md §2.5). */
export function vscodePreToolUse(projectDir: string, command: string): Record<string, unknown> {
  return {
    timestamp: '2026-12-01T09:00:00.000Z',
    hook_event_name: 'PreToolUse',
    session_id: 'bridge-session',
    transcript_path: join(projectDir, 'transcript.json'),
    cwd: projectDir,
    tool_name: 'run_in_terminal',
    tool_input: { command, explanation: 'run it', isBackground: false },
    tool_use_id: 'call_1',
  };
}

/** The host's payload and the arguments its installed command passes. */
export function hostCall(
  host: ProfileName,
  projectDir: string,
  command: string,
): { stdin: string; args: string[] } {
  const base = [
    'bridge',
    '--host',
    host,
    '--cwd',
    projectDir,
    '--no-user',
    '--state-dir',
    join(projectDir, '.state'),
  ];
  if (host === 'copilot-cli')
    return {
      stdin: JSON.stringify(copilotPreToolUse(projectDir, command)),
      args: [...base, '--event', 'preToolUse'],
    };
  const payload =
    host === 'claude-code' ? claudePreToolUse(projectDir, command) : vscodePreToolUse(projectDir, command);
  return { stdin: JSON.stringify(payload), args: base };
}

/** The exact stdout that denies the call with `reason` in `host`'s format. */
export function denyStdout(host: ProfileName, reason: string): string {
  if (host === 'copilot-cli')
    return `${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: reason })}\n`;
  const specific = {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: reason,
  };
  return `${JSON.stringify({ hookSpecificOutput: specific })}\n`;
}
