#!/usr/bin/env node
// agent-hooks template "test-before-stop" (Stop): runs the project's tests when the agent is about
// to finish; when they fail, the agent is sent back to fix them with the end of the test output.
// Hosts: Claude Code, Copilot CLI (agentStop) and VS Code. Once the agent is already continuing
// because of a stop hook (stop_hook_active), it may stop: no endless loop (claude-code-hooks.md §2.18).
// The tests: $TEST_COMMAND, else npm test, make test, pytest, go test or cargo test, by what the
// project has. No tests found: nothing happens.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Below the hook's own timeout (300 s in the configuration init writes), so the answer gets out. */
const TEST_TIMEOUT_MS = 280_000;
/** How much of the test output the agent gets: the end, where the failures are summed up. */
const TAIL_LINES = 40;
const NPM_PLACEHOLDER = 'no test specified';

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
if (input.stop_hook_active === true || input.stopHookActive === true) process.exit(0);
const project = process.env.CLAUDE_PROJECT_DIR || input.cwd || process.cwd();
const has = (file) => existsSync(join(project, file));

function testCommand() {
  if (process.env.TEST_COMMAND) return process.env.TEST_COMMAND;
  if (has('package.json')) {
    const test = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).scripts?.test;
    if (typeof test === 'string' && !test.includes(NPM_PLACEHOLDER)) return 'npm test --silent';
  }
  if (has('Makefile') && /^test:/m.test(readFileSync(join(project, 'Makefile'), 'utf8'))) return 'make test';
  if (has('pytest.ini') || has('pyproject.toml') || has('setup.cfg')) return 'python3 -m pytest -q';
  if (has('go.mod')) return 'go test ./...';
  if (has('Cargo.toml')) return 'cargo test --quiet';
  return undefined;
}

const command = testCommand();
if (!command) process.exit(0);
const run = spawnSync('/bin/sh', ['-c', command], {
  cwd: project,
  encoding: 'utf8',
  timeout: TEST_TIMEOUT_MS,
});
if (run.status === 0) process.exit(0);
const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trimEnd().split('\n').slice(-TAIL_LINES).join('\n');
const why = run.error ? `did not finish (${run.error.message})` : `failed with exit code ${run.status}`;
const reason = `The tests (${command}) ${why}. Fix them before finishing. End of their output:\n${output}`;
// Copilot CLI and Claude Code read a top-level decision; VS Code only the one in hookSpecificOutput,
// and only with a non-empty reason (other-agents-hooks.md §1.5, §2.5).
const answer =
  hostOf(input) === 'vscode'
    ? { hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason } }
    : { decision: 'block', reason };
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
