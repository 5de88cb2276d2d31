#!/usr/bin/env node
import { defineHook, deny } from 'agent-hooks/author';

defineHook('PreToolUse', { tools: ['Bash'] }, (input) =>
  /\brm\s+-rf\b/.test(input.tool_input.command) ? deny('rm -rf is blocked') : undefined,
).runIfMain(import.meta.url);
