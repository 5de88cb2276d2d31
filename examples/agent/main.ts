// `npm run example:agent`: the reference agent plays its script against the demo project's hooks
// (examples/demo-project) in a fresh sandbox folder, then prints the events and the conversation.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAgent } from './agent.ts';
import { SUBAGENT_SCRIPT, scriptedModel } from './scripted-model.ts';

const projectDir = fileURLToPath(new URL('../demo-project/', import.meta.url));
const sandbox = mkdtempSync(join(tmpdir(), 'agent-sandbox-'));
writeFileSync(join(sandbox, 'notes.txt'), 'draft notes\n');
try {
  const run = await runAgent({
    projectDir,
    sandbox,
    model: scriptedModel().model,
    subagentModel: scriptedModel(SUBAGENT_SCRIPT).model,
    prompts: ['Greet in notes.txt, then run the tests', 'Push it, and find which file says hello'],
  });
  console.log(`events: ${run.events.join(' → ')}`);
  for (const line of run.lines) console.log(line);
  for (const message of run.messages) {
    for (const part of typeof message.content === 'string' ? [message.content] : message.content) {
      if (typeof part === 'string') console.log(`${message.role}: ${part}`);
      else if (part.type === 'text') console.log(`${message.role}: ${part.text}`);
      else if (part.type === 'tool-result' && 'value' in part.output)
        console.log(`tool ${part.toolName}: ${JSON.stringify(part.output.value)}`);
    }
  }
  console.log(`notes.txt: ${JSON.stringify(readFileSync(join(sandbox, 'notes.txt'), 'utf8'))}`);
} finally {
  rmSync(sandbox, { recursive: true, force: true });
}
