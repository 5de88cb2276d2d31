// An AI SDK agent whose tool calls, prompt and stops go through the Claude Code hooks of
// examples/demo-project. Run it with `npx tsx examples/ai-sdk/agent.ts`.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import {
  hookStopWhen,
  onSessionEnd,
  onSessionStart,
  onUserPrompt,
  runWithStopHooks,
  withHooks,
} from '../../src/ai-sdk.ts';
import { createHookEngine } from '../../src/index.ts';
import { scriptedModel } from './scripted-model.ts';

const projectDir = fileURLToPath(new URL('../demo-project/', import.meta.url));
const engine = await createHookEngine({ cwd: projectDir, noUser: true, sessionId: 'ai-sdk-example' });

// Your tools, unchanged; withHooks runs PreToolUse/PostToolUse around every call. The tool is
// named `bash`, so hooks see Claude Code's `Bash` and the project's Bash guard applies.
const tools = withHooks(
  {
    bash: tool({
      description: 'Runs a shell command in the project directory',
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => {
        const { stdout } = await promisify(execFile)('/bin/sh', ['-c', command], { cwd: projectDir });
        return stdout;
      },
    }),
  },
  engine,
);

const model = scriptedModel(); // or any AI SDK model, e.g. anthropic('claude-sonnet-4-5')
const session = await onSessionStart(engine);
const prompt = await onUserPrompt(engine, 'Clean up the build output');
if (prompt.blocked) {
  console.log(prompt.userMessage);
} else {
  // A Stop hook that blocks sends the model back to work with its reason.
  const turn = await runWithStopHooks(engine, { messages: prompt.messages }, (messages) =>
    generateText({
      model,
      system: session.system,
      tools,
      messages,
      stopWhen: [stepCountIs(10), hookStopWhen(engine)],
    }),
  );
  console.log(`system: ${session.system}`);
  for (const message of turn.messages) {
    for (const part of typeof message.content === 'string' ? [message.content] : message.content) {
      if (typeof part === 'string') console.log(`${message.role}: ${part}`);
      else if (part.type === 'text') console.log(`${message.role}: ${part.text}`);
      else if (part.type === 'tool-result' && 'value' in part.output)
        console.log(`tool ${part.toolCallId}: ${JSON.stringify(part.output.value)}`);
    }
  }
}
await onSessionEnd(engine);
await engine.close();
