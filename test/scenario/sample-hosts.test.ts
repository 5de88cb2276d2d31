import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

// A scenario case's `sample:` is sent as the case's host sends it: under copilot-cli no Claude
// Code field (tool_use_id, duration_ms, …) reaches the hook (copilot-cli-observed.md "Payloads").

/** Denies when its stdin carries a Claude-only field, so a leak shows as a decision. */
const LEAK_GUARD = `input=$(cat); case "$input" in *tool_use_id*|*duration_ms*) echo '{"permissionDecision":"deny","permissionDecisionReason":"leaked"}' ;; esac`;

const SCENARIO = `cases:
  - name: a Copilot preToolUse sample carries only Copilot fields
    profile: copilot-cli
    event: preToolUse
    sample: PreToolUse:Bash
    expect:
      decision: none
  - name: a Copilot postToolUse sample carries only Copilot fields
    profile: copilot-cli
    event: postToolUse
    sample: PostToolUse:Bash
    expect:
      decision: none
`;

describe('agent-hooks test: samples under a host', () => {
  it('a copilot-cli case built from a sample sends the hook no Claude-only field', async () => {
    const hook = { type: 'command', bash: LEAK_GUARD };
    const root = makeTree(
      {
        '.github/hooks/guard.json': { version: 1, hooks: { preToolUse: [hook], postToolUse: [hook] } },
        'hooks.test.yaml': SCENARIO,
      },
      'sample-hosts',
    );
    const run = await runCliInProcess(['test', root]);
    expect(run.stdout).toMatch(/2 passed/);
    expect(run.code).toBe(0);
  });
});
