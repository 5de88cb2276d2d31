import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.ts';
import { COMMANDS, commandsFor } from '../../src/cli/commands/index.ts';

const io: CliIo = {
  stdout: () => {},
  stderr: () => {},
  stdin: process.stdin,
  stdinIsTTY: false,
  stderrIsTTY: false,
  confirm: async () => false,
  setExitCode: () => {},
};

function registered(registers: Awaited<ReturnType<typeof commandsFor>>): string[] {
  const program = new Command('agent-hooks');
  for (const register of registers) register(program, io);
  return program.commands.map((command) => command.name());
}

// Issue 16 item 4: the program loads the file of the command it runs, not all of them.
describe('the command table', () => {
  it('names each command as its file registers it, in --help order', async () => {
    for (const entry of COMMANDS) expect(registered([await entry.load()])).toEqual([entry.name]);
  });

  it('loads only the command the arguments name', async () => {
    expect(registered(await commandsFor(['bridge', '--host', 'claude-code']))).toEqual(['bridge']);
    expect(registered(await commandsFor(['run', 'PreToolUse']))).toEqual(['run']);
  });

  it('loads every command for help, a typo or no command', async () => {
    const all = COMMANDS.map((entry) => entry.name);
    for (const argv of [[], ['--help'], ['help', 'run'], ['rnu'], ['-V', 'x']])
      expect(registered(await commandsFor(argv))).toEqual(all);
  });

  it('loads no command for --version alone', async () => {
    for (const argv of [['-V'], ['--version']]) expect(registered(await commandsFor(argv))).toEqual([]);
  });
});
