#!/usr/bin/env node
// agent-hooks template "log-tool-calls" (PreToolUse on every tool): appends one JSON line per tool
// call the agent attempts (those later denied included) to .agent-hooks/tool-calls.jsonl in the
// project, or to $TOOL_LOG. It never decides anything. Hosts: Claude Code, Copilot CLI, VS Code.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
const camel = 'toolName' in input;
const project = process.env.CLAUDE_PROJECT_DIR || input.cwd || process.cwd();
const log = process.env.TOOL_LOG
  ? resolve(project, process.env.TOOL_LOG)
  : join(project, '.agent-hooks', 'tool-calls.jsonl');
let args = camel ? input.toolArgs : input.tool_input;
if (typeof args === 'string') {
  try {
    args = JSON.parse(args);
  } catch {
    // Kept as the string the host sent.
  }
}
const line = {
  time: new Date().toISOString(),
  // Copilot CLI sets COPILOT_CLI=1 for its hooks; VS Code sends an ISO timestamp, Claude Code none.
  host:
    camel || process.env.COPILOT_CLI === '1'
      ? 'copilot-cli'
      : typeof input.timestamp === 'string'
        ? 'vscode'
        : 'claude-code',
  session: input.session_id ?? input.sessionId,
  tool: input.tool_name ?? input.toolName,
  input: args,
  cwd: input.cwd,
};
mkdirSync(dirname(log), { recursive: true });
// One write per line with O_APPEND: lines of concurrent hooks do not interleave.
appendFileSync(log, `${JSON.stringify(line)}\n`);
