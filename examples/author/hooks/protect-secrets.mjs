#!/usr/bin/env node
// One PreToolUse hook for Claude Code, Copilot CLI and VS Code (docs/author.md).
import { allow, context, defineHook, deny, updateInput } from 'agent-hooks/author';

const SECRET_FILE = /(^|\/)\.env(\.[\w-]+)?$|\.pem$/;

export default defineHook('PreToolUse', { tools: ['Bash', 'Read', 'Write', 'Edit'] }, (input) => {
  if (input.tool_name === 'Bash') {
    const { command, timeout } = input.tool_input;
    if (/\.env\b/.test(command)) return deny('Commands that touch .env files are blocked: it holds secrets');
    if (command.startsWith('npm test') && timeout === undefined) {
      return [
        allow('Tests are safe to run'),
        updateInput({ timeout: 300_000 }),
        context('npm test runs with a 5-minute timeout'),
      ];
    }
    return undefined;
  }
  const path = input.tool_input.file_path;
  return SECRET_FILE.test(path) ? deny(`${input.tool_name} ${path} is blocked: it holds secrets`) : undefined;
}).runIfMain(import.meta.url);
