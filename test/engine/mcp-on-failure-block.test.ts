import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.ts';
import type { EventName } from '../../src/model/event-name.ts';
import { mcpProject, WRITE_INPUT } from '../runners/mcp/mcp-project.ts';

// claude-code-hooks.md §4.1: an mcp_tool hook with onFailure "block" "must answer with hook JSON,
// {} or nothing — plain text, an image, JSON with none of the output fields, or only reason also
// counts as failure". Before the fix these answers were a success without a decision: a server
// switched the guard off by answering in prose.
const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

type Answer = { tool: string; input: Record<string, unknown>; failure: string };
const NOT_AN_ANSWER: Answer[] = [
  { tool: 'say', input: { text: 'looks risky to me' }, failure: 'plain text' },
  { tool: 'picture', input: {}, failure: 'non-text content only' },
  { tool: 'echo', input: { reason: 'no' }, failure: 'only `reason`' },
  { tool: 'echo', input: { verdict: 'deny' }, failure: 'none of the output fields' },
];

async function dispatchWith(event: EventName, hook: Record<string, unknown>, input: Record<string, unknown>) {
  const { dir } = mcpProject({ hooks: { [event]: [{ matcher: '*', hooks: [hook] }] } });
  const engine = await createHookEngine({ cwd: dir, noUser: true, sessionId: 'mcp-block' });
  engines.push(engine);
  return engine.dispatch(event, input);
}

const mcpHook = (tool: string, input: Record<string, unknown>, block: boolean) => ({
  type: 'mcp_tool',
  server: 'lint',
  tool,
  input,
  ...(block ? { onFailure: 'block' } : {}),
});

describe('mcp_tool with onFailure: "block" (claude-code-hooks.md §4.1)', () => {
  it.each(NOT_AN_ANSWER)('$tool answering $failure denies the call', async ({ tool, input, failure }) => {
    const result = await dispatchWith('PreToolUse', mcpHook(tool, input, true), WRITE_INPUT);
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.outcome).toBe('blocking');
    expect(result.reason).toContain(failure);
  });

  it.each(NOT_AN_ANSWER)(
    'without onFailure, $tool answering $failure decides nothing',
    async ({ tool, input }) => {
      const result = await dispatchWith('PreToolUse', mcpHook(tool, input, false), WRITE_INPUT);
      expect(result.decision).toBeNull();
      expect(result.hooks[0]?.outcome).toBe('success');
    },
  );

  it('{} and hook JSON are answers: {} decides nothing, a deny denies', async () => {
    const empty = await dispatchWith('PreToolUse', mcpHook('echo', {}, true), WRITE_INPUT);
    expect(empty.decision).toBeNull();
    expect(empty.hooks[0]?.outcome).toBe('success');
    const deny = await dispatchWith('PreToolUse', mcpHook('decide', { path: 'a.ts' }, true), WRITE_INPUT);
    expect(deny.decision).toBe('deny');
    expect(deny.reason).toBe('blocked a.ts');
  });

  it('a tool reporting isError blocks, and the hook says so: outcome blocking, not non-blocking-error', async () => {
    // Before the fix the call was denied while the hook's outcome read "non-blocking-error".
    const result = await dispatchWith('PreToolUse', mcpHook('fail', {}, true), WRITE_INPUT);
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.outcome).toBe('blocking');
    expect(result.diagnostics.map((d) => d.code)).toContain('RUNNER_MCP_TOOL_ERROR');
  });

  it('on PreCompact plain text is the answer, not a failure', async () => {
    const result = await dispatchWith('PreCompact', mcpHook('say', { text: 'keep the API notes' }, true), {
      trigger: 'manual',
      custom_instructions: '',
    });
    expect(result.hooks[0]?.outcome).toBe('success');
    expect(result.decision).toBeNull();
  });
});
