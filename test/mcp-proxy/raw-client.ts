// Runs `agent-hooks mcp-proxy` as a real process (the built bin) in front of a fixture server and
// talks raw JSON-RPC to it over stdio: for messages an SDK client would not send or would reject.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { builtBinPath } from '../helpers/cli.ts';
import { until } from '../helpers/poll.ts';

/** A JSON-RPC response as the client receives it. */
export interface Answer {
  id: number;
  result?: Record<string, any>;
  error?: { code: number; message: string };
}

export interface RawProxy {
  /** Sends a request and waits for its answer. */
  request: (method: string, params: Record<string, unknown>) => Promise<Answer>;
  stderr: () => string;
  stop: () => void;
}

/** Starts the proxy with `--no-user --cwd <dir> --name <name> -- node <server>` and initializes it. */
export async function startRawProxy(dir: string, name: string, server: string): Promise<RawProxy> {
  const args = [builtBinPath(), 'mcp-proxy', '--no-user', '--cwd', dir, '--name', name, '--', 'node', server];
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const answers = new Map<number, Answer>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Answer & { method?: string };
    if (typeof message.id === 'number' && message.method === undefined) answers.set(message.id, message);
  });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  let lastId = 0;
  const request = async (method: string, params: Record<string, unknown>): Promise<Answer> => {
    const id = ++lastId;
    send({ jsonrpc: '2.0', id, method, params });
    await until(() => answers.has(id), `the answer to ${method} (request ${id})`);
    return answers.get(id) as Answer;
  };
  await request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw-test', version: '1.0.0' },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { request, stderr: () => stderr, stop: () => child.kill() };
}
