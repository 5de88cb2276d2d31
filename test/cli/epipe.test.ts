import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';

const DEMO = fileURLToPath(new URL('../../examples/demo-project/', import.meta.url));
const DANGEROUS = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

/**
 * Starts the built CLI and closes the read end of its stdout at once, before Node has even
 * loaded the program, so every write the command makes meets a reader that went away.
 */
function runWithReaderGone(args: string[], stdin = ''): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [builtBinPath(), ...args], {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end(stdin);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

// Issue 14, trap 6: `agent-hooks list --explain | head -3` crashed with a stack trace.
describe('a command whose reader goes away exits quietly (real processes)', () => {
  it.each([
    ['list --explain', ['list', '--explain', '--cwd', DEMO, '--no-user']],
    ['run --json', ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--json', '--input', DANGEROUS]],
    ['validate', ['validate', '--cwd', DEMO, '--no-user']],
    ['convert', ['convert', `${DEMO}.claude/settings.json`, '--to', 'claude']],
    ['--help', ['--help']],
  ])('%s', async (_name, args) => {
    const run = await runWithReaderGone(args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
