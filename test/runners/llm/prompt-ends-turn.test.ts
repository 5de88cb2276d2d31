// A prompt hook's `ok: false` ends the turn unless `continueOnBlock: true` (claude-code-hooks.md
// §4.5; claude-code-observed.md prompt hook row), read end to end: the real prompt runner over a
// loopback model server, the read-output stage, then the aggregate stage.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aggregate } from '../../../src/engine/aggregate/aggregate.ts';
import { getProfile } from '../../../src/engine/profiles/profiles.ts';
import { interpret } from '../../../src/engine/read-output/interpret.ts';
import type { EventName } from '../../../src/model/event-name.ts';
import type { PromptFields, PromptHandler } from '../../../src/model/handler.ts';
import { createPromptRunner } from '../../../src/runners/llm/prompt-runner.ts';
import { fixture, type MockLlmServer, startMockLlmServer } from '../../helpers/mock-llm-server.ts';
import { makeRequest } from './make-request.ts';

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const bashInput = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_1' };

async function dispatchOne(spec: PromptFields, event: EventName, answer = 'verdict-ok-false') {
  server.queue('anthropic', fixture('anthropic', answer));
  const request = makeRequest<PromptHandler>('prompt', spec, bashInput, { event });
  const env = {
    ANTHROPIC_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: server.origin,
    AGENT_HOOKS_MODEL: 'anthropic:claude-haiku-4-5',
  };
  const result = await createPromptRunner({ env })(request);
  const profile = getProfile('claude-code');
  const read = interpret(request.handler, event, result, profile);
  return aggregate([{ handler: request.handler, label: spec.prompt, interpretation: read }], {
    event,
    profile,
    interactive: false,
    hookLabel: event === 'Stop' ? event : `${event}:Bash`,
    capContext: (text) => text,
    input: bashInput,
  });
}

describe('prompt hook ok:false and continueOnBlock (issue 12 point 5)', () => {
  it('PreToolUse: denies and ends the turn (continue: false, hook_stopped)', async () => {
    const out = await dispatchOne({ prompt: 'Is this safe? $ARGUMENTS' }, 'PreToolUse');
    expect(out.decision).toBe('deny');
    expect(out.continue).toBe(false);
    expect(out.terminalReason).toBe('hook_stopped');
    expect(out.messages.toModel[0]).toMatch(/^PreToolUse:Bash hook error: \[Is this safe\? \$ARGUMENTS\]: /);
  });

  it('PreToolUse with continueOnBlock: true denies and the turn goes on', async () => {
    const out = await dispatchOne({ prompt: 'Is this safe?', continueOnBlock: true }, 'PreToolUse');
    expect(out.decision).toBe('deny');
    expect(out.continue).toBe(true);
    expect(out.terminalReason).toBeUndefined();
  });

  it('Stop: ok:false feeds the reason back and the turn continues', async () => {
    const out = await dispatchOne({ prompt: 'Done?' }, 'Stop');
    expect(out.decision).toBe('block');
    expect(out.continue).toBe(true);
    expect(out.terminalReason).toBeUndefined();
  });
});
