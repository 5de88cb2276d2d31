import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
import { anthropicToolUse, useMockAnthropic } from '../helpers/mock-llm-server.ts';
import { until } from '../helpers/poll.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// An agent hook's model asks Grep for `(a+)+$`, which backtracks about 2^n steps on a line of n
// `a`s that does not end the match. Before the search ran on a worker thread, it froze the whole
// process for that long (10 s for 30 `a`s on an idle machine here, so minutes for 33): no timer
// fired, so neither the hook's timeout nor any other hook of the engine got a turn, and this test
// ran into its own timeout.
const BACKTRACKING_LINE = `${'a'.repeat(33)}!`;
/** The agent hook's timeout (seconds): short, and far below the search's own 10 s limit. */
const AGENT_TIMEOUT_SEC = 2;
const BASH_INPUT = { tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_1' };

const llm = useMockAnthropic();
let project: string;
beforeAll(async () => {
  project = tempDir('grep-redos');
  writeFileSync(join(project, 'input.txt'), `${BACKTRACKING_LINE}\n`);
});

describe('an agent hook whose Grep pattern backtracks without end', () => {
  it('ends at its timeout, and another hook of the engine runs meanwhile', { timeout: 20_000 }, async () => {
    const engine = await createHookEngine({
      discover: false,
      cwd: project,
      sessionId: 'redos',
      sources: [
        {
          file: 'settings.json',
          kind: 'claude-settings',
          config: {
            hooks: {
              Stop: [{ hooks: [{ type: 'agent', prompt: 'Check. $ARGUMENTS', timeout: AGENT_TIMEOUT_SEC }] }],
              PreToolUse: [
                {
                  matcher: 'Bash',
                  hooks: [{ type: 'command', command: `echo '{"decision":"block","reason":"no rm"}'` }],
                },
              ],
            },
          },
        },
      ],
    });
    try {
      llm.server.queue('anthropic', anthropicToolUse('Grep', { pattern: '(a+)+$' }));
      let agentDone = false;
      const agent = engine.dispatch('Stop', {}).finally(() => {
        agentDone = true;
      });
      await until(() => llm.server.requests.length === 1, 'the agent hook to ask its model');

      // The second hook: it needs the event loop, which the search held before the fix.
      const guard = await engine.dispatch('PreToolUse', BASH_INPUT);
      expect(guard.decision).toBe('deny');
      expect(agentDone).toBe(false);

      const stopped = await agent;
      expect(stopped.hooks[0]?.outcome).toBe('timeout');
      expect(stopped.decision).toBeNull();
      expect(stopped.diagnostics.map((d) => d.code)).toContain('RUNNER_TIMEOUT');
      // The hook ended when its deadline stopped the tool: the model was not asked again.
      expect(llm.server.requests).toHaveLength(1);
    } finally {
      await engine.close();
    }
  });
});
