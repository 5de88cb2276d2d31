import { PassThrough, Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defineHook, deny, isMain } from '../../src/author.ts';

// The runner's stream handling, with in-memory streams and `exit: false` (no process ends).

const hook = defineHook('PreToolUse', { name: 'guard' }, (input) =>
  input.tool_name === 'Bash' && input.tool_input.command === 'rm -rf /' ? deny('no') : undefined,
);

function sink() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { stream, text: () => chunks.join('') };
}

async function run(stdin: NodeJS.ReadableStream & { isTTY?: boolean }, env: NodeJS.ProcessEnv = {}) {
  const stdout = sink();
  const stderr = sink();
  const code = await hook.run({ stdin, stdout: stdout.stream, stderr: stderr.stream, env, exit: false });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('hook.run()', () => {
  it('reads the payload in chunks, prints one JSON line and sets the exit code', async () => {
    const payload = JSON.stringify({
      sessionId: 's',
      timestamp: 1,
      cwd: '/',
      toolName: 'bash',
      toolArgs: { command: 'rm -rf /' },
    });
    const result = await run(Readable.from([payload.slice(0, 10), payload.slice(10)]));
    expect(result).toEqual({
      code: 0,
      stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no"}\n',
      stderr: '',
    });
    expect(process.exitCode).toBe(0);
  });

  it('a terminal on stdin gets a usage hint and exit 1, not a hang', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    const result = await run(tty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('This is an agent hook: the host runs it with a JSON payload on stdin.');
  });

  it('an unknown AGENT_HOOKS_HOST is reported and the payload decides', async () => {
    const result = await run(Readable.from(['{}']), { AGENT_HOOKS_HOST: 'cursor' });
    expect(result.stderr).toContain('AUTHOR_BAD_HOST_OVERRIDE: AGENT_HOOKS_HOST="cursor" is not a host');
    expect(result.stderr).toContain('AUTHOR_INVALID_PAYLOAD');
  });

  it('AGENT_HOOKS_HOST picks the output shape', async () => {
    const result = await run(Readable.from(['not json']), { AGENT_HOOKS_HOST: 'copilot-cli' });
    const output = JSON.parse(result.stdout);
    expect(Object.keys(output)).toEqual(['permissionDecision', 'permissionDecisionReason']);
    expect(output.permissionDecision).toBe('deny');
    expect(output.permissionDecisionReason).toContain('PreToolUse hook "guard" failed: stdin is not JSON (');
  });
});

describe('isMain', () => {
  it('is true only for the script node was started with', () => {
    expect(isMain(pathToFileURL(process.argv[1] ?? '').href)).toBe(true);
    expect(isMain(import.meta.url)).toBe(false);
    expect(isMain('file:///does/not/exist.mjs')).toBe(false);
  });
});
