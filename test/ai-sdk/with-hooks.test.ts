import { generateText, stepCountIs, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hookLoopStop, hookStopWhen, onUserPrompt, withHooks } from '../../src/ai-sdk.ts';
import type { Diagnostic, HookEngine } from '../../src/index.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';
import { scriptedModel, text, toolCall, toolResultsIn } from '../helpers/mock-model.ts';
import { hook, logFile, makeTools, on, recorded } from './kit.ts';

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('withHooks around generateText (claude-code-observed.md "Decisions")', () => {
  it('denies a call with the hook reason as the error result the model reads, and runs the other one', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['read_file', hook('deny-secret', log)]]),
      PostToolUse: on([['read_file', hook('record', log)]]),
    });
    const { tools, ran } = makeTools();
    const model = scriptedModel([
      [
        toolCall('call-1', 'read_file', { path: 'secret.txt' }),
        toolCall('call-2', 'read_file', { path: 'a.txt' }),
      ],
      [text('done')],
    ]);
    const result = await generateText({
      model,
      tools: withHooks(tools, engine),
      prompt: 'read two files',
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('done');
    expect(ran).toEqual([{ tool: 'read_file', input: { path: 'a.txt' } }]);
    expect(toolResultsIn(model, 1)).toEqual([
      {
        toolCallId: 'call-1',
        output: { type: 'error-text', value: 'PreToolUse:read_file hook error: secrets are off limits' },
      },
      { toolCallId: 'call-2', output: { type: 'json', value: { content: 'contents of a.txt' } } },
    ]);
    const payloads = recorded(log);
    const pre1 = payloads.find((p) => p.hook_event_name === 'PreToolUse' && p.tool_use_id === 'call-1');
    const post = payloads.find((p) => p.hook_event_name === 'PostToolUse');
    expect(payloads).toHaveLength(3);
    expect(pre1).toMatchObject({
      hook_event_name: 'PreToolUse',
      session_id: 'test-session',
      tool_name: 'read_file',
      tool_input: { path: 'secret.txt' },
      tool_use_id: 'call-1',
      permission_mode: 'default',
    });
    expect(post).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_input: { path: 'a.txt' },
      tool_response: { content: 'contents of a.txt' },
      tool_use_id: 'call-2',
    });
    expect(typeof post!.duration_ms).toBe('number');
  });

  it('words an exit-2 denial with the command line in brackets, as Claude Code does', async () => {
    const log = logFile();
    const command = hook('deny-exit2', log);
    engine = await engineWithClaudeHooks({ PreToolUse: on([['Bash', command]]) });
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'bash', { command: 'ls' })], [text('ok')]]);
    await generateText({ model, tools: withHooks(tools, engine), prompt: 'x', stopWhen: stepCountIs(3) });
    expect(ran).toEqual([]);
    // `bash` is Copilot's runtime name of Claude's Bash tool: hooks see `Bash`.
    expect(toolResultsIn(model, 1)[0]!.output).toEqual({
      type: 'error-text',
      value: `PreToolUse:Bash hook error: [${command}]: nope\n`,
    });
  });

  it('runs the tool with a valid updatedInput, shows PostToolUse the rewrite, keeps the model history', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['read_file', hook('rewrite', log)]]),
      PostToolUse: on([['read_file', hook('record', log)]]),
    });
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'read_file', { path: 'a.txt' })], [text('ok')]]);
    await generateText({ model, tools: withHooks(tools, engine), prompt: 'x', stopWhen: stepCountIs(3) });
    expect(ran).toEqual([{ tool: 'read_file', input: { path: 'a.txt.bak' } }]);
    expect(recorded(log)[1]!.tool_input).toEqual({ path: 'a.txt.bak' });
    const assistant = (model.doGenerateCalls[1]!.prompt as any[]).find((m) => m.role === 'assistant');
    expect(assistant.content[0].input).toEqual({ path: 'a.txt' });
  });

  it('discards an updatedInput that fails the tool schema, with a coded diagnostic, or refuses the call', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({ PreToolUse: on([['read_file', hook('rewrite-invalid', log)]]) });
    const found: Diagnostic[] = [];
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'read_file', { path: 'a.txt' })], [text('ok')]]);
    await generateText({
      model,
      tools: withHooks(tools, engine, { onDiagnostic: (d) => found.push(d) }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual([{ tool: 'read_file', input: { path: 'a.txt' } }]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      code: 'AI_SDK_INVALID_UPDATED_INPUT',
      event: 'PreToolUse',
      file: 'inline-settings.json',
    });
    expect(found[0]!.message).toMatch(
      /does not match the input schema of tool read_file: .*expected string.*discarded/,
    );

    const strict = scriptedModel([[toolCall('c3', 'read_file', { path: 'c.txt' })], [text('ok')]]);
    await generateText({
      model: strict,
      tools: withHooks(tools, engine, { onDiagnostic: (d) => found.push(d), invalidRewrite: 'deny' }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(ran).toHaveLength(1);
    expect(toolResultsIn(strict, 1)[0]!.output.value).toMatch(
      /^PreToolUse:read_file hook error: the rewritten input does not match the tool's input schema/,
    );
  });

  it("refuses a call with an invalid rewrite when the engine was created with invalidRewrite: 'deny'", async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks(
      { PreToolUse: on([['read_file', hook('rewrite-invalid', log)]]) },
      { invalidRewrite: 'deny' },
    );
    const codes: string[] = [];
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'read_file', { path: 'a.txt' })], [text('ok')]]);
    await generateText({
      model,
      tools: withHooks(tools, engine, { onDiagnostic: (d) => codes.push(d.code) }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual([]);
    expect(codes).toEqual(['AI_SDK_INVALID_UPDATED_INPUT']);
    expect(toolResultsIn(model, 1)[0]!.output.value).toMatch(
      /^PreToolUse:read_file hook error: the rewritten input does not match the tool's input schema/,
    );
  });

  it('appends PostToolUse context and block to the tool result in Claude Code wording', async () => {
    const log = logFile();
    const block = hook('block', log, 'the file is generated, do not edit it');
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['read_file', hook('context', log, 'pre context')]]),
      PostToolUse: on([
        ['read_file', hook('context', log, 'post context')],
        ['read_file', block],
      ]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'read_file', { path: 'a.txt' })], [text('ok')]]);
    await generateText({ model, tools: withHooks(tools, engine), prompt: 'x', stopWhen: stepCountIs(3) });
    expect(toolResultsIn(model, 1)[0]!.output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: '{"content":"contents of a.txt"}' },
        { type: 'text', text: 'PreToolUse:read_file hook additional context: pre context' },
        { type: 'text', text: 'PostToolUse:read_file hook additional context: post context' },
        {
          type: 'text',
          text: `PostToolUse:read_file hook blocking error from command: "${block}": the file is generated, do not edit it`,
        },
      ],
    });
  });

  it('replaces the result with updatedToolOutput, unless it fails the output schema', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolUse: on([
        ['Bash', hook('output', log, '"[redacted]"')],
        ['read_file', hook('output', log, '{"wrong":1}')],
      ]),
    });
    const { tools } = makeTools();
    const { tool } = await import('ai');
    const { z } = await import('zod');
    const typed = {
      ...tools,
      read_file: tool({
        inputSchema: z.object({ path: z.string() }),
        outputSchema: z.object({ content: z.string() }),
        execute: async ({ path }) => ({ content: `contents of ${path}` }),
      }),
    };
    const found: Diagnostic[] = [];
    const model = scriptedModel([
      [toolCall('c1', 'bash', { command: 'cat .env' }), toolCall('c2', 'read_file', { path: 'a.txt' })],
      [text('ok')],
    ]);
    const result = await generateText({
      model,
      tools: withHooks(typed, engine, { onDiagnostic: (d) => found.push(d) }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(toolResultsIn(model, 1).map((r) => r.output)).toEqual([
      { type: 'text', value: '[redacted]' },
      { type: 'json', value: { content: 'contents of a.txt' } },
    ]);
    expect(result.steps[0]!.toolResults.map((r) => r.output)).toEqual([
      '[redacted]',
      { content: 'contents of a.txt' },
    ]);
    expect(found.map((d) => d.code)).toEqual(['AI_SDK_INVALID_UPDATED_OUTPUT']);
  });

  it('runs PostToolUseFailure when the tool throws and adds its context to the error the model reads', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolUseFailure: on([['fail_tool', hook('context', log, 'try the backup disk')]]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'fail_tool', {})], [text('ok')]]);
    await generateText({ model, tools: withHooks(tools, engine), prompt: 'x', stopWhen: stepCountIs(3) });
    expect(toolResultsIn(model, 1)[0]!.output).toEqual({
      type: 'error-text',
      value: 'disk on fire\n\nPostToolUseFailure:fail_tool hook additional context: try the backup disk',
    });
    expect(recorded(log)[0]).toMatchObject({
      hook_event_name: 'PostToolUseFailure',
      tool_use_id: 'c1',
      error: 'disk on fire',
      is_interrupt: false,
    });
  });

  it('maps AI SDK tool names onto the names hooks match', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({ PreToolUse: on([['Read', hook('deny-secret', log)]]) });
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'read_file', { path: 'secret' })], [text('ok')]]);
    await generateText({
      model,
      tools: withHooks(tools, engine, { toolNames: { read_file: 'Read' } }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual([]);
    expect(recorded(log)[0]!.tool_name).toBe('Read');
    expect(toolResultsIn(model, 1)[0]!.output.value).toBe(
      'PreToolUse:Read hook error: secrets are off limits',
    );
  });

  it('a tool wrapped twice for one engine runs its hooks once per call, and says so', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({ PostToolUse: on([['read_file', hook('record', log)]]) });
    const { tools, ran } = makeTools();
    const found: Diagnostic[] = [];
    const once = withHooks(tools, engine);
    const twice = withHooks(once, engine, { onDiagnostic: (d) => found.push(d) });
    const model = scriptedModel([[toolCall('call-1', 'read_file', { path: 'a.txt' })], [text('done')]]);
    await generateText({ model, tools: twice, prompt: 'read', stopWhen: stepCountIs(3) });
    expect(ran).toHaveLength(1);
    expect(recorded(log).filter((p) => p.hook_event_name === 'PostToolUse')).toHaveLength(1);
    expect(found.map((d) => d.code)).toContain('AI_SDK_ALREADY_WRAPPED');
  });

  it('a tool named like an Object.prototype member keeps its name when toolNames does not list it', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['constructor|toString', hook('deny-exit2', log)]]),
    });
    const ran: string[] = [];
    const named = (name: string) =>
      tool({
        inputSchema: z.object({}),
        execute: async () => {
          ran.push(name);
          return 'done';
        },
      });
    const model = scriptedModel([
      [toolCall('c1', 'constructor', {}), toolCall('c2', 'toString', {})],
      [text('ok')],
    ]);
    await generateText({
      model,
      tools: withHooks({ constructor: named('constructor'), toString: named('toString') }, engine, {
        toolNames: { read_file: 'Read' },
      }),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual([]);
    // The two hooks run concurrently: either may log first.
    expect(
      recorded(log)
        .map((p) => p.tool_name)
        .sort(),
    ).toEqual(['constructor', 'toString']);
  });

  it("a provider that reuses a call id does not give a later call an earlier call's hook texts", async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['read_file', hook('context', log, 'about read_file only')]]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([
      [toolCall('call_0', 'read_file', { path: 'a' })],
      [toolCall('call_0', 'bash', { command: 'ls' })],
      [text('ok')],
    ]);
    await generateText({ model, tools: withHooks(tools, engine), prompt: 'x', stopWhen: stepCountIs(4) });
    expect(toolResultsIn(model, 2)[1]).toEqual({
      toolCallId: 'call_0',
      output: { type: 'text', value: 'ran ls' },
    });
  });

  it('ends the tool loop after a call whose hook answered continue: false; the call still ran', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolUse: on([['Bash', hook('continue-false', log, 'budget spent')]]),
    });
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'bash', { command: 'ls' })], [text('never asked')]]);
    const result = await generateText({
      model,
      tools: withHooks(tools, engine),
      prompt: 'x',
      stopWhen: [stepCountIs(5), hookStopWhen(engine)],
    });
    expect(ran).toHaveLength(1);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(result.steps).toHaveLength(1);
    expect(hookLoopStop(engine)).toEqual({
      kind: 'hook_stopped',
      reason: 'budget spent',
      event: 'PostToolUse',
    });
  });

  it('refuses calls of later steps when the loop went on after a hook ended it (no hookStopWhen)', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['Bash', hook('continue-false', log, 'budget spent')]]),
    });
    const { tools, ran } = makeTools();
    const model = scriptedModel([
      // Two calls of one step: the sibling of the stopping call still runs, as the call itself does.
      [toolCall('c1', 'bash', { command: 'a' }), toolCall('c2', 'read_file', { path: 'b' })],
      [toolCall('c3', 'read_file', { path: 'c' })],
      [text('done')],
    ]);
    const codes: string[] = [];
    await generateText({
      model,
      tools: withHooks(tools, engine, { onDiagnostic: (d) => codes.push(d.code) }),
      prompt: 'x',
      stopWhen: stepCountIs(5),
    });
    // The calls of one step run concurrently: either may finish first.
    expect(ran).toHaveLength(2);
    expect(ran).toEqual(
      expect.arrayContaining([
        { tool: 'bash', input: { command: 'a' } },
        { tool: 'read_file', input: { path: 'b' } },
      ]),
    );
    expect(codes).toEqual(['AI_SDK_LOOP_NOT_STOPPED']);
    expect(toolResultsIn(model, 2)[2]).toEqual({
      toolCallId: 'c3',
      output: {
        type: 'error-text',
        value:
          'PreToolUse:read_file hook error: a PreToolUse hook ended the agent loop (hook_stopped: budget spent)',
      },
    });
    // A new turn clears the stop.
    await onUserPrompt(engine, 'again');
    const next = scriptedModel([[toolCall('c4', 'read_file', { path: 'd' })], [text('ok')]]);
    await generateText({
      model: next,
      tools: withHooks(tools, engine),
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(ran.at(-1)).toEqual({ tool: 'read_file', input: { path: 'd' } });
  });

  it('defers a call: the tool does not run and the loop ends with the deferred call', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({ PreToolUse: on([['Bash', hook('defer', log)]]) });
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('c1', 'bash', { command: 'deploy' })], [text('never asked')]]);
    await generateText({
      model,
      tools: withHooks(tools, engine),
      prompt: 'x',
      stopWhen: [stepCountIs(5), hookStopWhen(engine)],
    });
    expect(ran).toEqual([]);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(hookLoopStop(engine)).toMatchObject({
      kind: 'tool_deferred',
      deferredToolUse: { id: 'c1', name: 'bash', input: { command: 'deploy' } },
    });
  });

  it('reports tools without execute instead of wrapping them silently', async () => {
    engine = await engineWithClaudeHooks({});
    const { tool } = await import('ai');
    const { z } = await import('zod');
    const found: Diagnostic[] = [];
    const clientSide = tool({ inputSchema: z.object({ q: z.string() }) });
    const wrapped = withHooks({ ask_user: clientSide }, engine, { onDiagnostic: (d) => found.push(d) });
    expect(wrapped.ask_user).toBe(clientSide);
    expect(found.map((d) => d.code)).toEqual(['AI_SDK_TOOL_NOT_WRAPPED']);
  });
});
