// Drives the real Claude Code CLI in print mode against the scripted Messages API
// (claude-code-observed.md "Running the real CLI offline").
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Block, type RecordedRequest, startMockAnthropic } from './mock-anthropic.ts';

export const CLAUDE_CODE_VERSION = '2.1.328';
const RUN_TIMEOUT_MS = 120_000;

export interface ClaudeRun {
  /** The stream-json lines Claude Code printed. */
  events: Record<string, unknown>[];
  /** Every request the CLI sent to the mock. */
  requests: RecordedRequest[];
  stderr: string;
  exitCode: number | null;
}

export interface ClaudeRunOptions {
  binary: string;
  projectDir: string;
  homeDir: string;
  prompt: string;
  turns: Block[][];
}

export async function runClaudeCode(options: ClaudeRunOptions): Promise<ClaudeRun> {
  const mock = await startMockAnthropic(options.turns);
  mkdirSync(options.homeDir, { recursive: true });
  // A trusted workspace, so that permissions.allow in the project settings applies.
  writeFileSync(
    join(options.homeDir, '.claude.json'),
    JSON.stringify({ projects: { [options.projectDir]: { hasTrustDialogAccepted: true } } }),
  );
  const child = spawn(options.binary, ['-p', options.prompt, '--output-format', 'stream-json', '--verbose'], {
    cwd: options.projectDir,
    env: {
      PATH: process.env.PATH,
      HOME: options.homeDir,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${mock.port}`,
      ANTHROPIC_API_KEY: 'e2e-not-a-key',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  await mock.close();
  const events = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { events, requests: mock.requests, stderr, exitCode };
}

/** The tool results the model received, in order (what a hook's denial turned into). */
export function toolResults(run: ClaudeRun): { tool_use_id: string; content: unknown; is_error?: boolean }[] {
  const last = run.requests.filter((request) => Array.isArray(request.body.tools)).at(-1);
  const messages = (last?.body.messages ?? []) as { role: string; content: unknown }[];
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type: string }[]).filter((block) => block.type === 'tool_result')
      : [],
  ) as never;
}
