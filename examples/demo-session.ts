// A short scripted agent session against examples/demo-project: each step dispatches one event
// through the engine and writes what the hooks decided. `npm run demo` plays it (examples/demo.ts).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderResult } from '../src/cli/render-result.ts';
import { createHookEngine } from '../src/index.ts';

const projectDir = join(dirname(fileURLToPath(import.meta.url)), 'demo-project');

const steps: [string, string, Record<string, unknown>][] = [
  ['The session starts', 'SessionStart', { source: 'startup' }],
  ['The user asks for a cleanup', 'UserPromptSubmit', { prompt: 'Clean up the build output' }],
  [
    'The agent runs a safe command',
    'PreToolUse',
    { tool_name: 'Bash', tool_input: { command: 'git status' }, tool_use_id: 'toolu_1' },
  ],
  [
    'The agent tries a dangerous command',
    'PreToolUse',
    { tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_2' },
  ],
  [
    'The agent edits a file',
    'PostToolUse',
    {
      tool_name: 'Write',
      tool_input: { file_path: join(projectDir, 'src', 'app.ts'), content: 'export {};\n' },
      tool_response: { filePath: join(projectDir, 'src', 'app.ts'), success: true },
      tool_use_id: 'toolu_3',
    },
  ],
  ['The agent wants to stop', 'Stop', {}],
  ['The agent wants to stop again', 'Stop', {}],
];

/** Plays the session, writing each step's account; returns the exit status (1 if a hook failed to start). */
export async function playDemo(write: (text: string) => void): Promise<number> {
  rmSync(join(projectDir, '.agent-hooks'), { recursive: true, force: true });
  const engine = await createHookEngine({ cwd: projectDir, noUser: true, sessionId: 'demo-session' });
  let failures = 0;
  for (const [title, event, input] of steps) {
    write(`\n\u25B6 ${title}\n`);
    const result = await engine.dispatch(event, input);
    write(renderResult(result, [], projectDir));
    if (result.hooks.some((hook) => hook.outcome === 'spawn-error')) failures += 1;
  }
  await engine.close();

  // The same dangerous call, as Copilot CLI and VS Code would run this project's hooks.
  for (const profile of ['copilot-cli', 'vscode'] as const) {
    write(`\n\u25B6 The dangerous command again, under the ${profile} profile\n`);
    const other = await createHookEngine({
      cwd: projectDir,
      noUser: true,
      sessionId: 'demo-session',
      profile,
      // Copilot CLI runs repository hooks only in a folder it trusts: this one is, for the demo.
      copilotTrustFolder: true,
    });
    const result = await other.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
      tool_use_id: 'toolu_4',
    });
    write(renderResult(result, [], projectDir));
    await other.close();
  }
  write(`\nAudit log and format log: ${join(projectDir, '.agent-hooks')}\n`);
  return failures > 0 ? 1 : 0;
}
