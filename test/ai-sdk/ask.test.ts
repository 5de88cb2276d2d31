import { generateText, stepCountIs } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { type AskRequest, hookLoopStop, hookStopWhen, withHooks } from '../../src/ai-sdk.ts';
import type { HookEngine } from '../../src/index.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';
import { scriptedModel, text, toolCall } from '../helpers/mock-model.ts';
import { hook, logFile, makeTools, on, recorded } from './kit.ts';

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

/** One bash call answered `ask` by PreToolUse, with the given PermissionRequest hooks. */
async function askRun(permissionHooks: unknown[], options: Parameters<typeof withHooks>[2] = {}) {
  const log = logFile();
  engine = await engineWithClaudeHooks(
    { PreToolUse: on([['Bash', hook('ask', log)]]), PermissionRequest: permissionHooks },
    { interactive: true },
  );
  const { tools, ran } = makeTools();
  const model = scriptedModel([[toolCall('c1', 'bash', { command: 'git push' })], [text('ok')]]);
  const result = await generateText({
    model,
    tools: withHooks(tools, engine, options),
    prompt: 'x',
    stopWhen: [stepCountIs(3), hookStopWhen(engine)],
  });
  // What the model reads (or would read next): the tool message of the first step.
  const toolMessage = result.steps[0]!.response.messages.find((m) => m.role === 'tool');
  const output = (toolMessage?.content[0] as { output?: unknown } | undefined)?.output;
  return { ran, model, log, output };
}

describe('ask: PermissionRequest hooks, then the host (claude-code-hooks.md §2.8)', () => {
  it('runs the call when a PermissionRequest hook allows it, with the PermissionRequest payload', async () => {
    const log = logFile();
    const { ran, log: preLog } = await askRun(on([['Bash', hook('permission-allow', log)]]));
    expect(ran).toEqual([{ tool: 'bash', input: { command: 'git push' } }]);
    const request = recorded(log)[0]!;
    expect(request).toMatchObject({
      hook_event_name: 'PermissionRequest',
      tool_name: 'Bash',
      tool_input: { command: 'git push' },
      permission_mode: 'default',
    });
    // claude-code-hooks.md §2.8: no tool_use_id on PermissionRequest.
    expect(request).not.toHaveProperty('tool_use_id');
    expect(recorded(preLog)[0]!.hook_event_name).toBe('PreToolUse');
  });

  it('denies with the hook message; interrupt ends the loop', async () => {
    const log = logFile();
    const { ran, model, output } = await askRun(on([['Bash', hook('permission-deny', log, 'interrupt')]]));
    expect(ran).toEqual([]);
    expect(output).toEqual({ type: 'error-text', value: 'the reviewer said no' });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(hookLoopStop(engine!)).toMatchObject({ kind: 'interrupted', event: 'PermissionRequest' });
  });

  it("asks the host's onAsk when no PermissionRequest hook decides", async () => {
    const asked: AskRequest[] = [];
    const yes = await askRun([], {
      onAsk: (request) => {
        asked.push(request);
        return { behavior: 'allow', updatedInput: { command: 'git push --dry-run' } };
      },
    });
    expect(asked[0]).toMatchObject({
      toolName: 'bash',
      hookToolName: 'Bash',
      toolCallId: 'c1',
      input: { command: 'git push' },
      reason: 'please confirm',
    });
    expect(yes.ran).toEqual([{ tool: 'bash', input: { command: 'git push --dry-run' } }]);
    await engine!.close();
    const no = await askRun([], { onAsk: () => ({ behavior: 'deny', message: 'not today' }) });
    expect(no.ran).toEqual([]);
    expect(no.output).toEqual({ type: 'error-text', value: 'not today' });
  });

  it('an onAsk answer that is no clear yes denies the call, with a coded diagnostic', async () => {
    for (const answer of ['deny', 'allow', undefined, { behavior: 'Allow' }, 1]) {
      const codes: string[] = [];
      const run = await askRun([], {
        onAsk: (() => answer) as unknown as () => boolean,
        onDiagnostic: (d) => codes.push(d.code),
      });
      expect(run.ran, JSON.stringify(answer)).toEqual([]);
      expect(run.output).toEqual({ type: 'error-text', value: 'please confirm' });
      expect(codes).toEqual(['AI_SDK_INVALID_ASK_ANSWER']);
      await engine!.close();
      engine = undefined;
    }
  });

  it('without onAsk denies with the bare reason, as Claude Code does in -p', async () => {
    const { ran, output } = await askRun([]);
    expect(ran).toEqual([]);
    expect(output).toEqual({ type: 'error-text', value: 'please confirm' });
  });
});
