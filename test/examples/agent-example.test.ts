import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { runAgent } from '../../examples/agent/agent.ts';
import { SUBAGENT_SCRIPT, scriptedModel } from '../../examples/agent/scripted-model.ts';
import { makeTree } from '../helpers/temp-dir.ts';

// Issue 17 item 3: the reference agent (examples/agent/) against the demo project's hooks.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROJECT = join(ROOT, 'examples', 'demo-project');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const DOC = readFileSync(join(ROOT, 'docs', 'agent-loop.md'), 'utf8');

/** The body of the first fenced block of `lang` in docs/agent-loop.md. */
function block(lang: string): string {
  return DOC.match(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n`))?.[1] ?? '';
}

/** Every text of one prompt: system, user and tool-result parts. */
function texts(prompt: LanguageModelV3Prompt): string[] {
  return prompt.flatMap((message) => {
    if (typeof message.content === 'string') return [`${message.role}: ${message.content}`];
    return message.content.map((part) => {
      if (part.type === 'text') return `${message.role}: ${part.text}`;
      if (part.type === 'tool-result') return `tool ${part.toolName}: ${JSON.stringify(part.output)}`;
      return `${message.role}: ${part.type}`;
    });
  });
}

describe('the reference agent loop (examples/agent)', () => {
  it('fires every event in Claude Code order and applies what the hooks answered', async () => {
    const sandbox = makeTree({ 'notes.txt': 'draft notes\n' }, 'agent-sandbox');
    const { model, prompts } = scriptedModel();
    const sub = scriptedModel(SUBAGENT_SCRIPT);
    const run = await runAgent({
      projectDir: PROJECT,
      sandbox,
      model,
      subagentModel: sub.model,
      prompts: ['Greet in notes.txt', 'Push it, and find which file says hello'],
    });
    expect(run.events).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      // One response with two calls: both PreToolUse, both run, then PostToolBatch.
      'PreToolUse:Glob',
      'PreToolUse:Read',
      'PostToolUse:Glob',
      'PostToolUse:Read',
      'PostToolBatch',
      'PreToolUse:Edit',
      'PostToolUseFailure:Edit',
      'PostToolBatch',
      'PreToolUse:Edit',
      'PostToolUse:Edit',
      'PostToolBatch',
      'PreToolUse:Bash',
      'PreToolUse:Bash',
      // The denied call has no PostToolUse.
      'PostToolUse:Bash',
      'PostToolBatch',
      'Stop',
      'PreToolUse:Bash',
      'PostToolUse:Bash',
      'PostToolBatch',
      'Stop',
      'Notification',
      // The second turn: an ask goes to PermissionRequest hooks, which refuse (§2.8).
      'UserPromptSubmit',
      'PreToolUse:Bash',
      'PermissionRequest:Bash',
      'PostToolBatch',
      // The Agent tool runs a subagent: its events carry agent_id and agent_type (§2.14, §2.15).
      'PreToolUse:Agent',
      'SubagentStart',
      'PreToolUse:Read@Explore',
      'PostToolUse:Read@Explore',
      'PostToolBatch@Explore',
      'SubagentStop',
      'SubagentStop',
      'PostToolUse:Agent',
      'PostToolBatch',
      'Stop',
      'Stop',
      'Notification',
      'PreCompact',
      'PostCompact',
      'SessionEnd',
    ]);
    expect(readFileSync(join(sandbox, 'notes.txt'), 'utf8')).toBe('hello notes\n');
    expect(prompts).toHaveLength(11);

    const first = texts(prompts[0]!);
    // SessionStart's plain stdout goes first into the system prompt (inject-context.sh).
    expect(first[0]).toMatch(/^system: .*This is the agent-hooks demo project/);
    expect(first[1]).toBe('user: Greet in notes.txt');

    // PostToolBatch context goes into the next model call only, once (§2.12).
    expect(texts(prompts[1]!).at(-1)).toBe('system: PostToolBatch hook additional context: Batch checked.');
    expect(texts(prompts[2]!).filter((line) => line.includes('Batch checked.'))).toHaveLength(1);

    const fourth = texts(prompts[3]!).join('\n');
    // The failed edit reached the model as its error; PostToolUse context rides on the edit's result.
    expect(fourth).toContain('old_string not found in notes.txt');
    expect(fourth).toContain('PostToolUse:Edit hook additional context: Formatted notes.txt.');

    const fifth = texts(prompts[4]!).join('\n');
    // The SessionStart hook's CLAUDE_ENV_FILE export reached the later bash call.
    expect(fifth).toContain('mode=agent');
    // The guard's exit-2 stderr is what the model sees for the denied call (claude-code-hooks.md §4.3).
    expect(fifth).toMatch(/PreToolUse:Bash hook error: .*Blocked by the demo guard: 'rm -rf build'/);

    // stop-guard.sh blocked the first Stop: the model went on with Claude Code's feedback message.
    const sixth = texts(prompts[5]!);
    expect(sixth.at(-1)).toBe(
      'user: Stop hook feedback:\nBefore stopping, run the tests and summarise the result.',
    );
    expect(run.lines).toContain('Stop hook: Before stopping, run the tests and summarise the result.');

    // The async formatter's context arrived with the next turn, ahead of the prompt (§4.7).
    expect(texts(prompts[7]!).slice(-2)).toEqual([
      'system: PostToolUse hook additional context: Formatter: notes.txt is clean.',
      'user: Push it, and find which file says hello',
    ]);
    // The PermissionRequest hook's message is what the model reads for the refused push.
    expect(texts(prompts[8]!).join('\n')).toContain('Pushes go through review: open a pull request.');
    // The subagent opened with SubagentStart context and went on after SubagentStop's block.
    expect(texts(sub.prompts[0]!)[0]).toBe(
      'system: SubagentStart:Explore hook additional context: Explore: read only, never write.',
    );
    expect(texts(sub.prompts[2]!).at(-1)).toBe('user: SubagentStop hook feedback:\nName the file you read.');
    expect(texts(prompts[9]!).join('\n')).toContain(
      'tool Agent: {"type":"text","value":"notes.txt says hello."}',
    );
  });

  it('keeps the tools inside the sandbox', async () => {
    const sandbox = makeTree({ 'a.txt': 'a' }, 'agent-sandbox');
    const { model, prompts } = scriptedModel([
      [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'Read', input: '{"file_path":"../outside.txt"}' },
        {
          type: 'tool-call',
          toolCallId: 'c2',
          toolName: 'Write',
          input: '{"file_path":"/etc/x","content":""}',
        },
      ],
      [{ type: 'text', text: 'done' }],
    ]);
    const run = await runAgent({ projectDir: PROJECT, sandbox, model, prompts: ['escape'] });
    expect(run.events).toContain('PostToolUseFailure:Read');
    expect(run.events).toContain('PostToolUseFailure:Write');
    const seen = texts(prompts[1]!).join('\n');
    expect(seen).toContain('../outside.txt is outside the sandbox');
    expect(seen).toContain('/etc/x is outside the sandbox');
  });

  it('npm run example:agent plays the script against the demo project, as docs/agent-loop.md shows', async () => {
    const { stdout } = await promisify(execFile)(TSX, ['examples/agent/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(stdout).toMatch(/^events: SessionStart → UserPromptSubmit → PreToolUse:Glob/);
    expect(stdout).toContain('→ PreCompact → PostCompact → SessionEnd\n');
    expect(stdout).toContain('notes.txt: "hello notes\\n"');
    expect(block('text')).toBe(`${stdout.split('\n')[0]}\n`);
  }, 60_000);

  it('shows examples/agent/agent.ts in docs/agent-loop.md, with the package names a user imports', () => {
    const published = readFileSync(join(ROOT, 'examples/agent/agent.ts'), 'utf8')
      .replace("from '../../src/ai-sdk.ts'", "from 'agent-hooks/ai-sdk'")
      .replace("from '../../src/index.ts'", "from 'agent-hooks'");
    expect(published).toContain("from 'agent-hooks/ai-sdk'");
    expect(block('ts')).toBe(published);
  });
});
