import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentHandler } from '../../../src/model/handler.ts';
import {
  AGENT_MAX_TURNS,
  type AgentFields,
  type AgentRunnerOptions,
  createAgentRunner,
  STOP_GUARD_MAX_REMINDERS,
  STOP_GUARD_MESSAGE,
} from '../../../src/runners/llm/agent-runner.ts';
import {
  fixture,
  LLM_FIXTURES_DIR,
  type MockLlmServer,
  startMockLlmServer,
} from '../../helpers/mock-llm-server.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
import { makeRequest } from './make-request.ts';

const projectDir = join(LLM_FIXTURES_DIR, 'project');
let server: MockLlmServer;
let tmp: string;
let transcript: string;
beforeAll(async () => {
  server = await startMockLlmServer();
  tmp = tempDir('agent');
  transcript = join(tmp, 'session.jsonl');
  writeFileSync(transcript, '{"type":"user","message":{"content":"add sum"}}\n');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const anthropicEnv = (): NodeJS.ProcessEnv => ({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.origin });
const openaiEnv = (): NodeJS.ProcessEnv => ({
  OPENAI_BASE_URL: `${server.origin}/v1`,
  AGENT_HOOKS_MODEL: 'openai:qwen2.5-coder',
});

function run(spec: AgentFields, env: NodeJS.ProcessEnv, extra: Partial<AgentRunnerOptions> = {}) {
  const request = makeRequest<AgentHandler>(
    'agent',
    spec,
    { session_id: 's1', transcript_path: transcript, stop_hook_active: false },
    { event: 'Stop', projectDir },
  );
  return createAgentRunner({ env, ...extra })(request);
}

const PROMPT = 'Verify the tests. Read the transcript at $ARGUMENTS[transcript_path].';

describe('agent runner (claude-code-hooks.md §4.6, seed 004)', () => {
  it('runs the tool loop and blocks with the StructuredOutput reason (Anthropic)', async () => {
    server.queue(
      'anthropic',
      fixture('anthropic', 'tool-use-read'),
      fixture('anthropic', 'tool-use-structured-false'),
    );
    const r = await run({ prompt: PROMPT }, anthropicEnv());
    expect(r.verdict).toEqual({ ok: false, reason: 'no test covers negative numbers' });
    expect(r.exitCode).toBeNull();
    expect(server.requests).toHaveLength(2);
    const first = server.requests[0]!.body;
    expect(first.tools.map((t: { name: string }) => t.name).sort()).toEqual([
      'Glob',
      'Grep',
      'Read',
      'StructuredOutput',
    ]);
    expect(JSON.stringify(first.system)).toContain(transcript);
    expect(JSON.stringify(first.messages[0].content)).toContain(`Read the transcript at ${transcript}.`);
    const second = server.requests[1]!.body;
    const toolResult = JSON.stringify(second.messages.at(-1));
    expect(toolResult).toContain('toolu_01Read7Qx');
    expect(toolResult).toContain("throw new Error('sum(2, 3) should be 5')");
  });

  it('runs Grep and passes on ok:true (OpenAI-compatible local server)', async () => {
    server.queue(
      'openai',
      fixture('openai', 'tool-call-grep'),
      fixture('openai', 'tool-call-structured-true'),
    );
    const r = await run({ prompt: PROMPT }, openaiEnv());
    expect(r.verdict?.ok).toBe(true);
    expect(r.stderr).toBe('');
    expect(server.requests).toHaveLength(2);
    const toolMsg = server.requests[1]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(toolMsg.tool_call_id).toBe('call_grep_1');
    expect(toolMsg.content).toContain('src/sum.js:1:export function sum(a, b) {');
  });

  it('a model that never calls StructuredOutput is reminded, then cancelled', async () => {
    server.repeat('anthropic', fixture('anthropic', 'text-only-done'));
    const r = await run({ prompt: PROMPT }, anthropicEnv());
    expect(r.cancelled).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(r.failure).toBeUndefined();
    expect(r.verdict).toBeUndefined();
    expect(r.diagnostics?.map((found) => found.code)).toEqual(['RUNNER_AGENT_NO_VERDICT']);
    expect(r.diagnostics?.[0]?.message).toContain('without calling StructuredOutput');
    expect(server.requests).toHaveLength(STOP_GUARD_MAX_REMINDERS + 1);
    const last = server.requests.at(-1)!.body.messages.at(-1);
    expect(JSON.stringify(last)).toContain(STOP_GUARD_MESSAGE);
  });

  it(`stops after ${AGENT_MAX_TURNS} turns without a verdict: cancelled`, async () => {
    server.repeat('anthropic', fixture('anthropic', 'tool-use-glob'));
    const r = await run({ prompt: PROMPT }, anthropicEnv());
    expect(r.cancelled).toBe(true);
    expect(r.diagnostics?.[0]).toMatchObject({ code: 'RUNNER_AGENT_NO_VERDICT' });
    expect(r.diagnostics?.[0]?.message).toContain(`${AGENT_MAX_TURNS} turns`);
    expect(server.requests).toHaveLength(AGENT_MAX_TURNS);
  });

  it('registers the Stop guard before the loop and removes it after', async () => {
    server.queue(
      'openai',
      fixture('openai', 'tool-call-grep'),
      fixture('openai', 'tool-call-structured-true'),
    );
    const log: string[] = [];
    let check: (() => boolean) | undefined;
    const r = await run({ prompt: PROMPT }, openaiEnv(), {
      registerStopGuard: (c, message, context) => {
        check = c;
        expect(context).toEqual({ sessionId: 'sess-1', event: 'Stop' });
        log.push(`register:${server.requests.length}:${c()}:${message === STOP_GUARD_MESSAGE}`);
        return () => log.push(`remove:${server.requests.length}:${c()}`);
      },
    });
    expect(r.verdict?.ok).toBe(true);
    expect(log).toEqual(['register:0:false:true', 'remove:2:true']);
    expect(check?.()).toBe(true);
  });

  it('offers a Bash tool only with allowShell', async () => {
    server.queue('openai', fixture('openai', 'tool-call-structured-true'));
    await run({ prompt: PROMPT, allowShell: true }, openaiEnv());
    const names = server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(names).toContain('Bash');
    expect(names).not.toContain('Agent');
  });

  it('missing model configuration is a non-blocking failure', async () => {
    const r = await run({ prompt: PROMPT }, {});
    expect(r.failure?.code).toBe('RUNNER_MODEL_NOT_CONFIGURED');
    expect(r.failure?.message).toContain('AGENT_HOOKS_MODEL');
  });
});
