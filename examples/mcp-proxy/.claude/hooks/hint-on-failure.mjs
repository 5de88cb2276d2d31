#!/usr/bin/env node
// PostToolUseFailure hint for the notes server: tell the model how to find what exists.
import { readFileSync } from 'node:fs';

readFileSync(0, 'utf8');
const output = {
  hookSpecificOutput: {
    hookEventName: 'PostToolUseFailure',
    additionalContext: 'Note names are case-sensitive; write the note first if it does not exist.',
  },
};
process.stdout.write(`${JSON.stringify(output)}\n`);
