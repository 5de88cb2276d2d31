// Hooks from an agent's frontmatter registered for one subagent are scoped to it (issue 12
// point 20; claude-code-hooks.md §4.8, §4.1 `once`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type NormalizedHandler } from '../../src/index.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

/** An agent frontmatter hook that copies its input to `copy` and prints nothing. */
function agentHook(event: 'PreToolUse' | 'Stop', copy: string, once = false): NormalizedHandler {
  return {
    type: 'command',
    event,
    eventKey: event,
    dialect: 'claude',
    source: { file: '/project/.claude/agents/reviewer.md', pointer: `/hooks/${event}/0`, scope: 'project' },
    ...(once ? { once: true } : {}),
    spec: { command: `sh ${ANSWER} '' '' 0 ${copy}` },
  } as NormalizedHandler;
}

const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
const SUBAGENT = { agent_type: 'x', agent_transcript_path: '/tmp/agent.jsonl' };

describe('agent-scoped hooks', () => {
  it('fire only for inputs carrying that agent_id; the others report why they were skipped', async () => {
    const dir = tempDir('agent-scope');
    const engine = await createHookEngine({ discover: false, sessionId: 's1' });
    engine.session('s1').registerFrontmatterHooks([agentHook('PreToolUse', join(dir, 'pre.json'))], {
      subagentId: 'agent-7',
    });
    const main = await engine.dispatch('PreToolUse', BASH);
    expect(main.hooks).toEqual([]);
    expect(main.skipped.map((s) => s.why)).toEqual([
      'registered for subagent agent-7; this input is from the main thread',
    ]);
    const other = await engine.dispatch('PreToolUse', { ...BASH, agent_id: 'agent-8' });
    expect(other.hooks).toEqual([]);
    expect(other.skipped[0]?.why).toMatch(/this input is from subagent agent-8/);
    const own = await engine.dispatch('PreToolUse', { ...BASH, agent_id: 'agent-7' });
    await engine.close();
    expect(own.hooks).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, 'pre.json'), 'utf8')).agent_id).toBe('agent-7');
  });

  it('Stop becomes SubagentStop only for that subagent, and the hooks leave when it stops', async () => {
    const dir = tempDir('agent-stop');
    const engine = await createHookEngine({ discover: false, sessionId: 's1' });
    engine.session('s1').registerFrontmatterHooks([agentHook('Stop', join(dir, 'stop.json'))], {
      subagentId: 'agent-7',
    });
    const otherStops = await engine.dispatch('SubagentStop', { agent_id: 'agent-8', ...SUBAGENT });
    expect(otherStops.hooks).toEqual([]);
    const mainStops = await engine.dispatch('Stop', {});
    expect(mainStops.hooks).toEqual([]);
    const ownStops = await engine.dispatch('SubagentStop', { agent_id: 'agent-7', ...SUBAGENT });
    expect(ownStops.hooks).toHaveLength(1);
    const again = await engine.dispatch('SubagentStop', { agent_id: 'agent-7', ...SUBAGENT });
    await engine.close();
    expect(again.hooks).toEqual([]);
  });

  it('once is ignored in agent frontmatter (claude-code-hooks.md §4.1: skill frontmatter only)', async () => {
    const dir = tempDir('agent-once');
    const engine = await createHookEngine({ discover: false, sessionId: 's1' });
    engine.session('s1').registerFrontmatterHooks([agentHook('PreToolUse', join(dir, 'pre.json'), true)], {
      subagentId: 'agent-7',
    });
    const first = await engine.dispatch('PreToolUse', { ...BASH, agent_id: 'agent-7' });
    const second = await engine.dispatch('PreToolUse', { ...BASH, agent_id: 'agent-7' });
    await engine.close();
    expect(first.hooks).toHaveLength(1);
    expect(second.hooks).toHaveLength(1);
  });
});
