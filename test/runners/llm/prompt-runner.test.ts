import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getProfile } from '../../../src/engine/profiles/profiles.ts';
import { interpret } from '../../../src/engine/read-output/interpret.ts';
import type { EventName } from '../../../src/model/event-name.ts';
import type { PromptFields, PromptHandler } from '../../../src/model/handler.ts';
import { MODEL_MAX_RESPONSE_BYTES } from '../../../src/runners/llm/capped-response.ts';
import { createPromptRunner, PROMPT_HOOK_SYSTEM_PROMPT } from '../../../src/runners/llm/prompt-runner.ts';
import { type RunnerResult, runnerResult } from '../../../src/runners/types.ts';
import { fixture, type MockLlmServer, startMockLlmServer } from '../../helpers/mock-llm-server.ts';
import { makeRequest } from './make-request.ts';

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const anthropicEnv = (): NodeJS.ProcessEnv => ({
  ANTHROPIC_API_KEY: 'sk-test',
  ANTHROPIC_BASE_URL: server.origin,
  AGENT_HOOKS_MODEL: 'anthropic:claude-haiku-4-5',
});
const openaiEnv = (): NodeJS.ProcessEnv => ({
  OPENAI_API_KEY: 'sk-oa',
  OPENAI_BASE_URL: `${server.origin}/v1`,
  AGENT_HOOKS_MODEL: 'openai:gpt-4o-mini',
});

const bashInput = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_1' };

function run(
  spec: PromptFields,
  env: NodeJS.ProcessEnv,
  event: EventName = 'PreToolUse',
  timeoutMs = 15_000,
) {
  return createPromptRunner({ env })(
    makeRequest<PromptHandler>('prompt', spec, bashInput, { event, timeoutMs }),
  );
}

/** The runner's result read by the engine as Claude Code reads it (read-output stage). */
function readByEngine(result: RunnerResult, event: EventName = 'PreToolUse') {
  const handler = makeRequest<PromptHandler>('prompt', { prompt: 'x' }, {}, { event }).handler;
  return interpret(handler, event, result, getProfile('claude-code'));
}

/** How the engine reads a command that exited 2 with `reason` on stderr, for comparison. */
function exit2Reading(reason: string, event: EventName) {
  return readByEngine(runnerResult({ durationMs: 0, exitCode: 2, stderr: reason }), event);
}

describe('prompt runner over Anthropic Messages (claude-code-observed.md prompt hook row)', () => {
  it('sends one structured-output call shaped like Claude Code: system prompt, one user message, no tools', async () => {
    server.queue('anthropic', fixture('anthropic', 'verdict-ok-true'));
    const r = await run({ prompt: 'Is this command safe? $ARGUMENTS' }, anthropicEnv());
    expect(r.verdict?.ok).toBe(true);
    expect(r.stdout).toBe('');
    expect(readByEngine(r).outcome).toBe('success');
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe('sk-test');
    expect(req.body.model).toBe('claude-haiku-4-5');
    expect(req.body.stream).not.toBe(true);
    expect(req.body.tools).toBeUndefined();
    expect(JSON.stringify(req.body.system)).toContain('evaluating a hook');
    expect(req.body.messages).toHaveLength(1);
    expect(req.body.messages[0].role).toBe('user');
    const text = JSON.stringify(req.body.messages[0].content);
    expect(text).toContain('Is this command safe?');
    expect(text).toContain('rm -rf /');
    const schema = req.body.output_config?.format?.schema;
    expect(schema?.required).toEqual(['ok', 'reason']);
    expect(Object.keys(schema?.properties ?? {})).toEqual(['ok', 'reason', 'impossible']);
  });

  it('ok:false on PreToolUse is a verdict the engine reads as a deny with the reason (§4.5)', async () => {
    server.queue('anthropic', fixture('anthropic', 'verdict-ok-false'));
    const r = await run({ prompt: 'Check $ARGUMENTS' }, anthropicEnv());
    expect(r.verdict).toMatchObject({ ok: false, reason: 'rm -rf on the project root is destructive' });
    expect(r.failure).toBeUndefined();
    const read = readByEngine(r);
    expect(read.outcome).toBe('blocking');
    expect(read.effect).toEqual({
      permission: 'deny',
      permissionReason: 'rm -rf on the project root is destructive',
    });
  });

  it.each<EventName>([
    'PostToolUse',
    'PostToolUseFailure',
    'PostToolBatch',
    'UserPromptSubmit',
    'UserPromptExpansion',
    'TaskCreated',
    'TaskCompleted',
    'TeammateIdle',
    'PermissionRequest',
    'PermissionDenied',
  ])('ok:false on %s has the exit-2 meaning the engine maps per event (§4.5)', async (event) => {
    server.queue('anthropic', fixture('anthropic', 'verdict-ok-false'));
    const r = await run({ prompt: 'Check $ARGUMENTS', continueOnBlock: true }, anthropicEnv(), event);
    expect(r.verdict).toMatchObject({ ok: false, reason: 'rm -rf on the project root is destructive' });
    const read = readByEngine(r, event);
    const exit2 = exit2Reading('rm -rf on the project root is destructive', event);
    expect(read.outcome).toBe(exit2.outcome);
    expect(read.effect).toEqual(exit2.effect);
    expect(read.blockedByExit).toBe(exit2.blockedByExit);
  });

  it.each<EventName>(['Stop', 'SubagentStop'])(
    'ok:false + impossible on %s lets the stop through',
    async (event) => {
      server.queue('anthropic', fixture('anthropic', 'verdict-impossible'));
      const r = await run({ prompt: 'Did the tests pass?' }, anthropicEnv(), event);
      expect(r.verdict).toMatchObject({ ok: false, impossible: true });
      const read = readByEngine(r, event);
      expect(read.outcome).toBe('success');
      expect(read.effect).toEqual({});
      expect(read.warnings.join('\n')).toContain('impossible');
    },
  );

  it('ok:false + impossible elsewhere still blocks', async () => {
    server.queue('anthropic', fixture('anthropic', 'verdict-impossible'));
    const r = await run({ prompt: 'Check' }, anthropicEnv(), 'PreToolUse');
    const read = readByEngine(r);
    expect(read.outcome).toBe('blocking');
    expect(read.effect.permission).toBe('deny');
    expect(read.effect.permissionReason).toContain('database');
  });

  it('appends the input JSON when the prompt has no placeholder', async () => {
    server.queue('anthropic', fixture('anthropic', 'verdict-ok-true'));
    await run({ prompt: 'Is it safe?' }, anthropicEnv());
    const content = server.requests[0]!.body.messages[0].content;
    const text: string = typeof content === 'string' ? content : content[0].text;
    expect(text.startsWith('Is it safe?\n\n{')).toBe(true);
    expect(JSON.parse(text.slice('Is it safe?\n\n'.length)).tool_input.command).toBe('rm -rf /');
  });

  it("the hook's model overrides the default", async () => {
    server.queue('anthropic', fixture('anthropic', 'verdict-ok-true'));
    await run({ prompt: 'x', model: 'claude-sonnet-4-6' }, anthropicEnv());
    expect(server.requests[0]!.body.model).toBe('claude-sonnet-4-6');
  });

  it('invalid JSON from the model is a non-blocking failure', async () => {
    server.queue('anthropic', fixture('anthropic', 'invalid-json'));
    const r = await run({ prompt: 'x' }, anthropicEnv());
    expect(r.exitCode).toBeNull();
    expect(r.verdict).toBeUndefined();
    expect(r.failure?.code).toBe('RUNNER_MODEL_BAD_OUTPUT');
    expect(r.failure?.message).toContain('not JSON');
  });

  it('JSON that fails the schema is a non-blocking failure', async () => {
    server.queue('anthropic', fixture('anthropic', 'schema-mismatch'));
    const r = await run({ prompt: 'x' }, anthropicEnv());
    expect(r.failure?.code).toBe('RUNNER_MODEL_BAD_OUTPUT');
    expect(r.failure?.message).toMatch(/ok/);
  });

  it('an HTTP error from the provider is a non-blocking failure', async () => {
    server.queue('anthropic', { status: 529, body: JSON.stringify(fixture('anthropic', 'overloaded')) });
    const r = await run({ prompt: 'x' }, anthropicEnv());
    expect(r.failure?.code).toBe('RUNNER_MODEL_REQUEST_FAILED');
    expect(server.requests).toHaveLength(1); // no retries
  });
});

describe('prompt runner: a model answer beyond the size cap', () => {
  it.each<['anthropic' | 'openai', () => NodeJS.ProcessEnv]>([
    ['anthropic', anthropicEnv],
    ['openai', openaiEnv],
  ])(
    '%s: is not read past MODEL_MAX_RESPONSE_BYTES, and is a non-blocking failure naming the cap',
    async (provider, env) => {
      // A verdict whose body is just over the cap: before the fix it was buffered whole and obeyed,
      // and an endless body grew without bound until the timeout (2.3 GB in 4 s in a probe).
      const reason = 'x'.repeat(MODEL_MAX_RESPONSE_BYTES);
      const verdict = JSON.stringify({ ok: false, reason });
      const reply = structuredClone(fixture(provider, 'verdict-ok-false')) as { json: any };
      if (provider === 'anthropic') reply.json.content[0].text = verdict;
      else reply.json.choices[0].message.content = verdict;
      server.queue(provider, reply);
      const r = await run({ prompt: 'x' }, env());
      expect(r.verdict).toBeUndefined();
      expect(r.failure?.code).toBe('RUNNER_MODEL_REQUEST_FAILED');
      expect(r.failure?.message).toContain(`exceeded ${MODEL_MAX_RESPONSE_BYTES} bytes`);
      expect(readByEngine(r).outcome).toBe('non-blocking-error');
    },
  );
});

describe('prompt runner over OpenAI Chat Completions', () => {
  it('sends response_format json_schema and blocks on ok:false', async () => {
    server.queue('openai', fixture('openai', 'verdict-ok-false'));
    const r = await run({ prompt: 'Check $ARGUMENTS[tool_input.command]' }, openaiEnv());
    expect(r.verdict).toMatchObject({ ok: false, reason: 'DROP TABLE on production' });
    expect(readByEngine(r).effect.permissionReason).toBe('DROP TABLE on production');
    const body = server.requests[0]!.body;
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.schema.required).toEqual(['ok', 'reason']);
    expect(body.tools).toBeUndefined();
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0].content).toBe(PROMPT_HOOK_SYSTEM_PROMPT);
    expect(body.messages[1].content).toBe('Check rm -rf /');
  });

  it('works for a local server without an API key', async () => {
    server.queue('openai', fixture('openai', 'verdict-ok-true'));
    const r = await run(
      { prompt: 'x' },
      { OPENAI_BASE_URL: `${server.origin}/v1`, AGENT_HOOKS_MODEL: 'openai:llama3' },
    );
    expect(r.verdict?.ok).toBe(true);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('prompt runner configuration and limits', () => {
  it('missing configuration is a non-blocking failure naming the variables to set', async () => {
    const r = await run({ prompt: 'x' }, {});
    expect(r.failure?.code).toBe('RUNNER_MODEL_NOT_CONFIGURED');
    for (const v of ['AGENT_HOOKS_MODEL', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL']) {
      expect(r.failure?.message).toContain(v);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('an Anthropic model without ANTHROPIC_API_KEY names the missing key', async () => {
    const r = await run({ prompt: 'x', model: 'anthropic:claude-haiku-4-5' }, { OPENAI_API_KEY: 'k' });
    expect(r.failure?.code).toBe('RUNNER_MODEL_NOT_CONFIGURED');
    expect(r.failure?.message).toContain('ANTHROPIC_API_KEY');
  });

  it('honours the timeout', async () => {
    // A port that accepts but never answers: a raw server that holds the socket open.
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const hold = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => hold.listen(0, '127.0.0.1', r));
    const port = (hold.address() as import('node:net').AddressInfo).port;
    try {
      const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` };
      const started = Date.now();
      const r = await run({ prompt: 'x' }, env, 'PreToolUse', 300);
      expect(r.timedOut).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const s of sockets) s.destroy();
      hold.close();
    }
  });
});
