import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';
import { until } from '../helpers/poll.ts';
import { type PgCluster, postgresUnavailable, startPostgres } from '../helpers/postgres.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post } from './fixtures.ts';

// PostgreSQL hiccups under a running server: the network to it stalls, its connections drop
// (a failover, a restart). The server must keep answering, within the host's timeout.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`skipping PostgreSQL outage tests: ${unavailable}`);

/** A TCP relay on 127.0.0.1 to the cluster that can stall (relay nothing) and cut every connection. */
class Relay {
  stalled = false;
  relayedWhileStalled = 0;
  readonly #sockets = new Set<Socket>();
  readonly #server: Server;

  constructor(target: number) {
    this.#server = createServer((client) => {
      const upstream = connect(target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => this.#sockets.delete(socket));
      }
      client.on('data', (chunk) => {
        if (this.stalled) this.relayedWhileStalled += 1;
        else upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (!this.stalled) client.write(chunk);
      });
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) =>
      this.#server.listen(0, '127.0.0.1', () => resolve((this.#server.address() as { port: number }).port)),
    );
  }

  /** Drops every connection, as a database restart does. */
  cut(): void {
    for (const socket of this.#sockets) socket.destroy();
  }

  close(): void {
    this.cut();
    this.#server.close();
  }
}

describe.skipIf(unavailable !== null)('agent-hooks serve when PostgreSQL fails', () => {
  let cluster: PgCluster;
  let relay: Relay;
  let config: ConfigDir;
  let child: ChildProcess;
  let url: string;
  let stderr = '';
  let exited: number | null | undefined;

  beforeAll(async () => {
    cluster = await startPostgres();
    relay = new Relay(Number(new URL(cluster.url).port));
    const port = await relay.listen();
    config = makeConfigDir();
    child = spawn(
      process.execPath,
      [
        builtBinPath(),
        'serve',
        '--config',
        config.configFile,
        '--database',
        `postgres://postgres@127.0.0.1:${port}/postgres`,
        '--port',
        '0',
        '--json',
        '--no-watch',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT },
    );
    child.stderr!.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('exit', (code) => {
      exited = code;
    });
    url = JSON.parse(
      await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    ).url;
  }, 60_000);

  afterAll(async () => {
    if (exited === undefined) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
    relay?.close();
    await cluster?.stop();
    if (config) rmSync(config.dir, { recursive: true, force: true });
  });

  it('survives its connections dropping while a query waits on them', async () => {
    relay.stalled = true;
    const answer = post(`${url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'), 'ah_in-the-database');
    await until(() => relay.relayedWhileStalled > 0, 'the token lookup to reach the stalled database');
    relay.cut();
    const refused = await answer;
    expect(refused.status).toBe(503);
    relay.stalled = false;
    const next = await post(`${url}/hooks/claude-code/PreToolUse`, claudePreToolUse('rm -rf /'));
    expect(next.json?.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(exited, stderr).toBeUndefined();
  });
});
