import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';
import { HOOK_SCRIPT } from '../helpers/engine.ts';
import { until } from '../helpers/poll.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const CALL = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git push --force' } });

function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

interface PtyRun {
  output: () => string;
  type: (text: string) => void;
  exit: Promise<number | null>;
}

/**
 * Runs the built CLI on a pseudo-terminal (util-linux `script`), so that stdin, stdout and stderr
 * are all a terminal, as when a person types the command.
 */
function runOnTerminal(args: string[]): PtyRun {
  const command = [process.execPath, builtBinPath(), ...args].map(shellQuote).join(' ');
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: { ...process.env, NO_COLOR: '1', TERM: 'dumb' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { output: () => output, type: (text) => child.stdin.write(text), exit };
}

/** What a person sees: each line's text after its last carriage return or erase-line. */
function visible(output: string): string {
  return output
    .split('\n')
    .map(
      (line) =>
        line
          .split(/\r|\u001b\[2K/)
          .filter((part) => part !== '')
          .at(-1) ?? '',
    )
    .join('\n');
}

function settingsWith(mode: string, statusMessage: string): string {
  const hooks = {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: `${HOOK_SCRIPT} ${mode}`, statusMessage }] },
    ],
  };
  return writeFile(tempDir('terminal'), 'settings.json', JSON.stringify({ hooks }));
}

// Issue 14, traps 5 and 10, with a real pseudo-terminal.
describe('run on a terminal', () => {
  it('--interactive asks the person when a hook decides ask, and reports the answer', async () => {
    const settings = settingsWith('exit0-json-ask', 'Asking');
    const run = runOnTerminal([
      'run',
      'PreToolUse',
      '--no-user',
      '--settings',
      settings,
      '--interactive',
      '--json',
      '--input',
      CALL,
    ]);
    await until(() => run.output().includes('Allow? [y/N]'), 'the prompt');
    expect(run.output()).toMatch(
      /PreToolUse Bash \{"command":"git push --force"\}: a hook asks for confirmation \(please confirm\)\. Allow\? \[y\/N\]/,
    );
    run.type('y\r');
    expect(await run.exit).toBe(0);
    const text = run.output().replace(/\r\n/g, '\n');
    const json = JSON.parse(text.slice(text.indexOf('\n{') + 1, text.lastIndexOf('}') + 1));
    expect(json.decision).toBe('allow');
    expect(json.asked).toMatchObject({ answer: 'allow' });
  });

  it('--interactive: no answer is a deny', async () => {
    const settings = settingsWith('exit0-json-ask', 'Asking');
    const run = runOnTerminal([
      'run',
      'PreToolUse',
      '--no-user',
      '--settings',
      settings,
      '--interactive',
      '--input',
      CALL,
    ]);
    await until(() => run.output().includes('Allow? [y/N]'), 'the prompt');
    run.type('\r');
    expect(await run.exit).toBe(0);
    expect(visible(run.output())).toMatch(
      /decision deny: please confirm\n[\s\S]*answered by the person: deny/,
    );
  });

  it('shows each hook once: the live line is erased before the account', async () => {
    const settings = settingsWith('exit0-silent', 'Checking the push');
    const run = runOnTerminal(['run', 'PreToolUse', '--no-user', '--settings', settings, '--input', CALL]);
    expect(await run.exit).toBe(0);
    const seen = visible(run.output());
    expect(seen.match(/Checking the push/g)).toHaveLength(1);
    expect(seen).toMatch(/success .* command .*exit 0/);
  });
});

describe('run --trace FILE', () => {
  it('writes every telemetry event of the run as JSON lines', async () => {
    const { runCliInProcess } = await import('../helpers/cli.ts');
    const dir = tempDir('trace');
    const trace = join(dir, 'trace.jsonl');
    const settings = settingsWith('exit2-stderr', 'Guarding');
    const run = await runCliInProcess([
      'run',
      'PreToolUse',
      '--no-user',
      '--settings',
      settings,
      '--trace',
      trace,
      '--input',
      CALL,
    ]);
    expect(run.code).toBe(0);
    const types = readFileSync(trace, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types[0]).toBe('dispatch-start');
    expect(types).toContain('response');
    expect(types.at(-1)).toBe('dispatch-end');
  });
});
