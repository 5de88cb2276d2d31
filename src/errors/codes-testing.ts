import type { CodeInfo } from './code-info.ts';

/**
 * Codes of `agent-hooks test` (scenario files, docs/testing.md). Keys are stable: never rename
 * one, only add.
 */
export const TESTING_CODES = {
  SCENARIO_UNREADABLE: {
    severity: 'error',
    summary: 'A scenario file could not be read, or is not valid YAML or JSON.',
    fix: 'Fix the file at the line and column shown (YAML for .yaml/.yml, JSON for .json).',
  },
  SCENARIO_UNKNOWN_KEY: {
    severity: 'error',
    summary:
      'A scenario file has a key the format does not define; it is an error, so a misspelt expectation never passes silently.',
    fix: 'Use one of the keys the message lists (docs/testing.md), or the did-you-mean.',
  },
  SCENARIO_INVALID_VALUE: {
    severity: 'error',
    summary:
      'A value in a scenario file has the wrong type or shape (or a `matches` regex does not compile).',
    fix: 'Give the value the message expects; schema/scenario.schema.json checks it in the editor.',
  },
  SCENARIO_UNKNOWN_EVENT: {
    severity: 'error',
    summary: "A case's `event` or `sample` names no event agent-hooks knows.",
    fix: 'Use an event name in any dialect (PreToolUse, preToolUse, agentStop); docs/events.md lists them.',
  },
  SCENARIO_MISSING_TOOL: {
    severity: 'error',
    summary:
      'A case of a tool event gives no `tool_name`: the hooks would run on an empty call and a guard would pass.',
    fix: 'Add `tool_name` and `tool_input` to `input`, or start from `sample: PreToolUse:Bash`.',
  },
  SCENARIO_NO_FILES: {
    severity: 'error',
    summary: '`agent-hooks test` found no scenario file to run.',
    fix: 'Name the files, or add a hooks.test.yaml (or *.hooks.test.yaml/.json) under the folder searched.',
  },
  SCENARIO_CASE_FAILED: {
    severity: 'error',
    summary: "A scenario case's expectation did not hold, or the case has no expectation.",
    fix: 'Fix the hook, or when the new behaviour is right record it with `agent-hooks test --update`.',
  },
} as const satisfies Record<string, CodeInfo>;
