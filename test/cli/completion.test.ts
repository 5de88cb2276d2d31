import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

// Issue 15 item 6: `agent-hooks completion bash|zsh|fish`, derived from the program and the event catalogue.

const run = promisify(execFile);

function installed(shell: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${shell}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function script(shell: string): Promise<string> {
  const result = await runCliInProcess(['completion', shell]);
  expect(result.code).toBe(0);
  return result.stdout;
}

/** What bash offers for the words typed (the last one is the word being completed). */
async function complete(file: string, words: string[]): Promise<string[]> {
  const probe = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _agent_hooks_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await run('bash', ['-c', probe, 'probe', file, 'agent-hooks', ...words]);
  return stdout.split('\n').filter(Boolean);
}

/** Command names under "Commands:" of `agent-hooks --help`. */
async function helpCommands(): Promise<string[]> {
  const help = (await runCliInProcess(['--help'])).stdout.split(/^Commands:\n/m)[1] ?? '';
  return [...help.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1] as string).filter((n) => n !== 'help');
}

describe('agent-hooks completion bash (run in a real bash with COMP_WORDS)', () => {
  const dir = tempDir('completion');
  const file = join(dir, 'agent-hooks.bash');

  it('offers every command --help lists, and completes a prefix', async () => {
    writeFile(dir, 'agent-hooks.bash', await script('bash'));
    expect((await complete(file, [''])).sort()).toEqual((await helpCommands()).sort());
    expect(await complete(file, ['te'])).toEqual(['test']);
  });

  it("offers each command's options, subcommands and their options", async () => {
    expect(await complete(file, ['run', '--req'])).toEqual(['--require-trust']);
    expect(await complete(file, ['test', '--'])).toEqual(
      expect.arrayContaining(['--reporter', '--update', '--sample', '--jobs', '--profile', '--help']),
    );
    expect(await complete(file, ['bridge', ''])).toEqual(['install', 'uninstall']);
    expect(await complete(file, ['bridge', 'install', '--f'])).toEqual(['--force']);
    // Every command that writes files takes --dry-run (src/cli/write/dry-run.ts).
    for (const command of [
      ['init'],
      ['add'],
      ['bridge', 'install'],
      ['bridge', 'uninstall'],
      ['convert'],
      ['schema'],
      ['create'],
      ['test'],
    ])
      expect(await complete(file, [...command, '--dr'])).toEqual(['--dry-run']);
  });

  it('completes event names, profiles and listed values', async () => {
    expect(await complete(file, ['run', 'PreTo'])).toEqual(['PreToolUse']);
    expect(await complete(file, ['run', 'preTo'])).toEqual(['preToolUse']);
    expect(await complete(file, ['list', '--event', 'agent'])).toEqual(['agentStop']);
    expect(await complete(file, ['validate', '--profile', ''])).toEqual([
      'claude-code',
      'copilot-cli',
      'vscode',
    ]);
    expect(await complete(file, ['test', '--reporter', 'j'])).toEqual(['junit', 'json']);
    expect(await complete(file, ['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes file names where a command takes a path', async () => {
    writeFile(dir, 'hooks.test.yaml', 'cases: []\n');
    const files = await complete(file, ['test', join(dir, 'hooks.t')]);
    expect(files).toEqual([join(dir, 'hooks.test.yaml')]);
  });
});

describe('agent-hooks completion zsh and fish', () => {
  it('zsh wraps the same function through bashcompinit', async () => {
    const zsh = await script('zsh');
    expect(zsh).toContain('autoload -U +X bashcompinit && bashcompinit');
    expect(zsh).toContain('complete -o default -F _agent_hooks_complete agent-hooks');
  });

  it('fish lists each command with its description and the values of --profile', async () => {
    const fish = await script('fish');
    expect(fish).toContain(
      "complete -c agent-hooks -n '__fish_use_subcommand' -f -a test -d 'run hook scenario files",
    );
    expect(fish).toContain(
      "complete -c agent-hooks -n '__fish_seen_subcommand_from run' -l profile -x -a 'claude-code copilot-cli vscode'",
    );
    expect(fish).toMatch(/-n '__fish_seen_subcommand_from run' -f -a '.*\bPreToolUse\b.*\bagentStop\b/);
  });

  it.skipIf(!installed('zsh'))(
    'the zsh script parses (zsh -n; skipped where zsh is not installed)',
    async () => {
      const file = writeFile(tempDir('zsh'), 'c.zsh', await script('zsh'));
      await run('zsh', ['-n', file]);
    },
  );

  it.skipIf(!installed('fish'))(
    'the fish script parses (fish -n; skipped where fish is not installed)',
    async () => {
      const file = writeFile(tempDir('fish'), 'c.fish', await script('fish'));
      await run('fish', ['-n', file]);
    },
  );

  it('an unknown shell is an error', async () => {
    const result = await runCliInProcess(['completion', 'tcsh']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown shell "tcsh"; expected one of bash, zsh, fish');
  });
});
