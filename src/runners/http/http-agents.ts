import { Agent, Pool, ProxyAgent } from 'undici';
import { type Connector, createGuardedConnector, type HostLookup } from './guarded-connector.ts';

/** The connection pools of one HTTP runner: the SSRF-guarded agent, and a proxy agent per request. */
export interface HttpAgents {
  /** The pooled agent whose connect step is the SSRF guard. */
  guarded(): Agent;
  /** A one-off agent through `uri`; the caller destroys it after the request. */
  proxy(uri: string): ProxyAgent;
  /** Drops pooled keep-alive connections and aborts requests in flight. */
  close(): Promise<void>;
}

export function createHttpAgents(options: { lookup?: HostLookup; connector?: Connector }): HttpAgents {
  let guarded: Agent | undefined;
  return {
    guarded: () => {
      guarded ??= new Agent({
        connect: createGuardedConnector({ lookup: options.lookup, connector: options.connector }),
      });
      return guarded;
    },
    proxy: (uri) => {
      const connect = options.connector;
      // The proxy's own address is not vetted (it resolves names for us), but an injected
      // connector still opens the socket, so tests observe every connection.
      return new ProxyAgent(
        connect ? { uri, clientFactory: (origin, opts) => new Pool(origin, { ...opts, connect }) } : { uri },
      );
    },
    // destroy, not close: close() would wait for a connect attempt still resolving a name.
    close: async () => {
      const agent = guarded;
      guarded = undefined;
      await agent?.destroy();
    },
  };
}
