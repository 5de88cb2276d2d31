#!/usr/bin/env node
// agent-hooks template "session-context" (SessionStart): gives the agent the project's state when a
// session starts: the git branch, the last commits, uncommitted changes, and the notes in
// .agent-hooks/context.md when the project has that file. Hosts: Claude Code, Copilot CLI
// (sessionStart) and VS Code, each reading additionalContext (claude-code-hooks.md §2.1,
// other-agents-hooks.md §1.3, §2.5).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Claude Code keeps up to 10,000 characters of a hook's context; stay well below. */
const MAX_CONTEXT_CHARS = 8_000;
const RECENT_COMMITS = 5;
const CHANGED_FILES_SHOWN = 20;
const NOTES = join('.agent-hooks', 'context.md');

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
const project = process.env.CLAUDE_PROJECT_DIR || input.cwd || process.cwd();
const git = (...args) => {
  const run = spawnSync('git', args, { cwd: project, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
};

const parts = [];
const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
if (branch !== undefined) {
  parts.push(`Git branch: ${branch}`);
  const log = git('log', '--oneline', `-${RECENT_COMMITS}`);
  if (log) parts.push(`Last commits:\n${log}`);
  const status = git('status', '--short')?.split('\n').filter(Boolean) ?? [];
  const shown = status.slice(0, CHANGED_FILES_SHOWN).join('\n');
  const more =
    status.length > CHANGED_FILES_SHOWN ? `\n… and ${status.length - CHANGED_FILES_SHOWN} more` : '';
  parts.push(status.length ? `Uncommitted changes:\n${shown}${more}` : 'No uncommitted changes.');
}
if (existsSync(join(project, NOTES)))
  parts.push(`Project notes (${NOTES}):\n${readFileSync(join(project, NOTES), 'utf8').trim()}`);
if (parts.length === 0) process.exit(0);
const context = parts.join('\n\n').slice(0, MAX_CONTEXT_CHARS);
// Copilot CLI reads a flat additionalContext; Claude Code and VS Code the one in hookSpecificOutput.
const answer =
  hostOf(input) === 'copilot'
    ? { additionalContext: context }
    : { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } };
process.stdout.write(`${JSON.stringify(answer)}\n`);

/**
 * The host running this hook, from its payload (other-agents-hooks.md §1.3, §2.5):
 * - a numeric `timestamp` (ms): Copilot CLI's camelCase events;
 * - an ISO-string `timestamp` or `hookEventName`: VS Code, which may send `session_id` and
 *   `hook_event_name` beside `sessionId` and `hookEventName`. Copilot CLI's PascalCase events send
 *   VS Code's shape too, and set COPILOT_CLI=1;
 * - `sessionId` without either: Copilot CLI; otherwise Claude Code, which sends no timestamp.
 */
function hostOf(payload) {
  const copilotEnv = process.env.COPILOT_CLI === '1';
  if (typeof payload.timestamp === 'number') return 'copilot';
  if (typeof payload.timestamp === 'string' || 'hookEventName' in payload)
    return copilotEnv ? 'copilot' : 'vscode';
  if ('sessionId' in payload || copilotEnv) return 'copilot';
  return 'claude';
}
