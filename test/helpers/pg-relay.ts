// A TCP relay on 127.0.0.1 in front of a test PostgreSQL, to play the network failing under a
// running server: stall (relay nothing, as a black-holed host) and cut every connection.
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP relay on 127.0.0.1 to the cluster that can stall (relay nothing) and cut every connection. */
export class Relay {
  stalled = false;
  relayedWhileStalled = 0;
  /** How long the database's answers take to arrive. */
  delayMs = 0;
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
        if (this.stalled) return;
        if (this.delayMs > 0) setTimeout(() => client.write(chunk), this.delayMs);
        else client.write(chunk);
      });
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) =>
      this.#server.listen(0, '127.0.0.1', () => resolve((this.#server.address() as { port: number }).port)),
    );
  }

  /** Relays nothing from now on, counting what it holds back. */
  stall(): void {
    this.stalled = true;
    this.relayedWhileStalled = 0;
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

/** A "database" on 127.0.0.1 that accepts connections and never answers (a black-holed host). */
export async function blackHole(): Promise<{ url: string; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
