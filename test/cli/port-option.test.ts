// `--port` of serve and inspect: a value that is no port is a usage error before anything opens.
// It used to reach listen() as NaN after the audit database had opened, so `inspect --port nope`
// printed Node's RangeError and then never exited; a port in use did the same with EADDRINUSE.
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** A start that hangs is killed by then, and fails the test instead of holding its worker. */
const DEADLINE_MS = 20_000;

describe('--port of serve and inspect', () => {
  for (const [command, value] of [
    ['inspect', 'nope'],
    ['serve', '70000'],
    ['inspect', '1.5'],
  ] as const) {
    it(`${command} --port ${value}: a usage error that exits, in the --json document too`, async () => {
      const dir = tempDir('port-option');
      const message = `--port ${value}: give a whole number from 0 (any free port) to 65535`;
      const env = { ...process.env, XDG_STATE_HOME: dir };
      const args = [command, '--port', value, '--cwd', dir, '--database', `${dir}/audit.sqlite`];
      const plain = await spawnBuiltCli(args, { env, deadlineMs: DEADLINE_MS });
      expect(plain).toEqual({ code: 1, stdout: '', stderr: `agent-hooks: ${message}\n` });
      const json = await spawnBuiltCli([...args, '--json'], { env, deadlineMs: DEADLINE_MS });
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual({ error: { code: 'CLI_USAGE', message } });
    });
  }
});

/** A listener on a free port of 127.0.0.1, and the port. */
async function occupiedPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

describe('serve and inspect on a port in use', () => {
  for (const command of ['serve', 'inspect'] as const) {
    it(`${command}: says so and exits 1, instead of hanging with the database open`, async () => {
      const dir = tempDir('port-in-use');
      const { server, port } = await occupiedPort();
      try {
        const args = [command, '--port', String(port), '--cwd', dir, '--database', `${dir}/audit.sqlite`];
        const env = { ...process.env, XDG_STATE_HOME: dir };
        const run = await spawnBuiltCli(args, { env, deadlineMs: DEADLINE_MS });
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(`agent-hooks: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
      } finally {
        server.close();
      }
    });
  }
});
