// The host sees only the bridge's answer. What the engine noticed on the way (a bridged guard that
// timed out, output the hook's own format does not read) is said on stderr and, for Claude Code,
// in systemMessage: a guard that did not judge must never pass without a word (docs/bridge.md).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, type TreeSpec } from '../helpers/temp-dir.ts';

const RM = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_1' };

async function underClaude(files: TreeSpec) {
  const project = makeTree(files, 'bridge-engine-notes');
  const payload = { session_id: 's', cwd: project, hook_event_name: 'PreToolUse', ...RM };
  const args = ['bridge', '--host', 'claude-code', '--cwd', project, '--no-user'];
  const run = await runCliInProcess([...args, '--state-dir', join(project, '.state')], {
    stdin: JSON.stringify(payload),
  });
  expect(run.code, run.stderr).toBe(0);
  return { ...run, answer: JSON.parse(run.stdout) as Record<string, any> };
}

describe('bridge: what the engine noticed reaches the host', () => {
  it('a Copilot guard that timed out lets the call go on, as Copilot CLI does, and says why', async () => {
    const guard = { type: 'command', bash: 'sleep 5', timeoutSec: 1 };
    const run = await underClaude({
      '.github/hooks/guard.json': { version: 1, hooks: { preToolUse: [guard] } },
    });
    // copilot-cli-observed.md "What the host does with the output": a preToolUse timeout is fail-open.
    expect(run.answer.hookSpecificOutput?.permissionDecision).toBeUndefined();
    expect(run.stderr).toMatch(/^agent-hooks bridge: RUNNER_TIMEOUT: PreToolUse hook sleep 5: .*1000 ms/m);
    expect(run.answer.systemMessage).toContain('RUNNER_TIMEOUT');
  });

  it('a VS Code hook whose top-level decision VS Code does not read: the call goes on, and the note names the fix', async () => {
    const hook = { type: 'command', command: `cat >/dev/null; echo '{"decision":"block","reason":"no rm"}'` };
    const run = await underClaude({ '.github/hooks/guard.json': { hooks: { PreToolUse: [hook] } } });
    expect(run.answer.hookSpecificOutput?.permissionDecision).toBeUndefined();
    expect(run.stderr).toMatch(/^agent-hooks bridge: ENGINE_OUTPUT_IGNORED: .*permissionDecision/m);
  });

  it('a run with nothing to report adds nothing', async () => {
    const hook = { type: 'command', bash: 'cat >/dev/null; echo "{}"' };
    const run = await underClaude({
      '.github/hooks/guard.json': { version: 1, hooks: { preToolUse: [hook] } },
    });
    expect(run.stderr).toBe('');
    expect(run.answer.systemMessage).toBeUndefined();
  });
});
