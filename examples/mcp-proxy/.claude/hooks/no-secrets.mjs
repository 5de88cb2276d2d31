#!/usr/bin/env node
// PreToolUse guard for the notes server: a note that looks like it holds an API key is refused.
import { readFileSync } from 'node:fs';

const input = JSON.parse(readFileSync(0, 'utf8'));
if (/\bsk-[A-Za-z0-9]{8,}/.test(String(input.tool_input.text ?? ''))) {
  const output = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'Notes are shared with the whole team: keep API keys out of them.',
    },
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}
