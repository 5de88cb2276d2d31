import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Where the recorded model answers live (`<provider>/<case>.json`). */
export const LLM_FIXTURES_DIR: string = join(import.meta.dirname, '..', 'fixtures', 'llm');

export type MockProvider = 'anthropic' | 'openai';

/** One answer the server gives: a recorded JSON body, raw text with a status (errors, garbage), or none at all (`hang`: the request is never answered). */
export type MockReply = { json: unknown } | { status: number; body: string } | { hang: true };

export interface RecordedRequest {
  provider: MockProvider;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface MockLlmServer {
  /** `http://127.0.0.1:<port>` (no path). */
  origin: string;
  requests: RecordedRequest[];
  /** Replies served once each, in order. */
  queue(provider: MockProvider, ...replies: MockReply[]): void;
  /** The reply given once the queue is empty (for long loops); none by default (HTTP 500). */
  repeat(provider: MockProvider, reply: MockReply | undefined): void;
  /** Forgets queued replies, repeat replies and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** An Anthropic answer whose only content is one call of tool `name` with `input`. */
export function anthropicToolUse(name: string, input: unknown, id = 'toolu_x'): MockReply {
  const reply = structuredClone(fixture('anthropic', 'tool-use-structured-false')) as { json: any };
  reply.json.content = [{ type: 'tool_use', id, name, input }];
  return reply;
}

/** Reads `test/fixtures/llm/<provider>/<name>.json` as a reply. */
export function fixture(provider: MockProvider, name: string): MockReply {
  return { json: JSON.parse(readFileSync(join(LLM_FIXTURES_DIR, provider, `${name}.json`), 'utf8')) };
}

/**
 * A loopback server speaking Anthropic Messages (`POST …/messages`) and OpenAI Chat Completions
 * (`POST …/chat/completions`) from recorded fixtures, recording every request for assertions.
 */
export async function startMockLlmServer(): Promise<MockLlmServer> {
  const queues: Record<MockProvider, MockReply[]> = { anthropic: [], openai: [] };
  const requests: RecordedRequest[] = [];
  const repeats: Partial<Record<MockProvider, MockReply>> = {};

  const answer = (res: ServerResponse, provider: MockProvider): void => {
    const reply = queues[provider].shift() ?? repeats[provider];
    if (!reply) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no ${provider} reply queued` } }));
      return;
    }
    if ('hang' in reply) return; // closeAllConnections() ends it
    if ('json' in reply) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.json));
    } else {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep raw text; tests will see it
      }
      const path = req.url ?? '';
      const provider: MockProvider | undefined = path.endsWith('/messages')
        ? 'anthropic'
        : path.endsWith('/chat/completions')
          ? 'openai'
          : undefined;
      if (!provider) {
        res.writeHead(404).end();
        return;
      }
      requests.push({ provider, method: req.method ?? '', path, headers: req.headers, body });
      answer(res, provider);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    queue(provider, ...replies) {
      queues[provider].push(...replies);
    },
    repeat(provider, reply) {
      repeats[provider] = reply;
    },
    reset() {
      queues.anthropic.length = 0;
      queues.openai.length = 0;
      delete repeats.anthropic;
      delete repeats.openai;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For the tests of one file: a mock server started before them and the Anthropic provider pointed
 * at it (a test key, `ANTHROPIC_BASE_URL`, no `AGENT_HOOKS_MODEL`); the environment is restored
 * and the server closed after them. Read `server` inside tests, once `beforeAll` has run.
 */
export function useMockAnthropic(): { readonly server: MockLlmServer } {
  const saved = { ...process.env };
  const mock = {} as { server: MockLlmServer };
  beforeAll(async () => {
    mock.server = await startMockLlmServer();
    process.env.ANTHROPIC_API_KEY = 'test-key';
    process.env.ANTHROPIC_BASE_URL = mock.server.origin;
    delete process.env.AGENT_HOOKS_MODEL;
  });
  afterAll(async () => {
    process.env = saved;
    await mock.server?.close();
  });
  return mock;
}
