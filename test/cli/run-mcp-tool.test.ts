import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { builtBinPath, spawnBuiltCli } from '../helpers/cli.ts';
import { until } from '../helpers/poll.ts';
import {
  allGone,
  killLeftovers,
  loggedPids,
  mcpProject,
  serverLog,
  twoHooksOnOneServer,
  WRITE_INPUT,
} from '../runners/mcp/mcp-project.ts';

/** Generous for a loaded machine; the old code never exited at all (a live stdio child). */
const CLI_DEADLINE_MS = 20_000;

// Issue 12 point 22: two mcp_tool hooks on one server left `run` hanging and the server orphaned.
describe('agent-hooks run with two mcp_tool hooks on one stdio server (real processes)', () => {
  it('exits with both results, one server start, and no server left running', async () => {
    const { dir, log } = mcpProject(twoHooksOnOneServer());
    const args = [
      'run',
      'PreToolUse',
      '--cwd',
      dir,
      '--no-user',
      '--json',
      '--input',
      JSON.stringify(WRITE_INPUT),
    ];
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'hung'>((resolve) => {
      timer = setTimeout(() => resolve('hung'), CLI_DEADLINE_MS);
    });
    try {
      const run = await Promise.race([spawnBuiltCli(args), deadline]);
      expect(run).not.toBe('hung');
      if (run === 'hung') return;
      expect(run.code).toBe(0);
      const hooks = JSON.parse(run.stdout).hooks as { outcome: string; stdout: string }[];
      expect(hooks.map((hook) => [hook.outcome, hook.stdout])).toEqual([
        ['success', '{"hook":1}'],
        ['success', '{"hook":2}'],
      ]);
      const servers = loggedPids(log, 'started');
      expect(servers).toHaveLength(1);
      await allGone(servers, 'the stdio MCP server to exit with the CLI');
    } finally {
      clearTimeout(timer);
      killLeftovers(loggedPids(log, 'started'));
    }
  });
});

// SIGHUP (the terminal closed) and SIGQUIT used to end the CLI at once, leaving the server behind.
describe('agent-hooks run stopped by a signal while an mcp_tool hook waits (real processes)', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGQUIT'] as const)(
    '%s closes the engine first: the server, which ignores the end of its stdin, is stopped too',
    async (signal) => {
      const { dir, log } = mcpProject(twoHooksOnOneServer('hang', 'echo'), { MCP_FIXTURE_KEEP_ALIVE: '1' });
      const args = [
        'run',
        'PreToolUse',
        '--cwd',
        dir,
        '--no-user',
        '--json',
        '--input',
        JSON.stringify(WRITE_INPUT),
      ];
      const cli = spawn(process.execPath, [builtBinPath(), ...args], { stdio: 'ignore' });
      const ended = new Promise<NodeJS.Signals | null>((resolve) =>
        cli.on('exit', (_code, signal) => resolve(signal)),
      );
      try {
        await until(() => serverLog(log).some((line) => line.method === 'tools/call'), 'the first tool call');
        cli.kill(signal);
        expect(await ended).toBe(signal);
        await allGone(loggedPids(log, 'started'), 'the stdio MCP server to exit with the CLI');
      } finally {
        cli.kill('SIGKILL');
        killLeftovers(loggedPids(log, 'started'));
      }
    },
  );
});
