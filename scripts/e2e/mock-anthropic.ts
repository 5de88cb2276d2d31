// A scripted Messages API on 127.0.0.1: the main conversation (requests that carry tools) gets
// the scripted assistant turns in order; side requests (titles, prompt hooks) get a short answer.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface RecordedRequest {
  url: string;
  body: { messages?: unknown[]; tools?: unknown[]; system?: unknown; stream?: boolean } & Record<
    string,
    unknown
  >;
}

export interface MockAnthropic {
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const FINAL_TURN: Block[] = [{ type: 'text', text: 'done' }];

export async function startMockAnthropic(
  turns: Block[][],
  sideAnswer = '{"ok": true}',
): Promise<MockAnthropic> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = text ? (JSON.parse(text) as RecordedRequest['body']) : {};
      requests.push({ url: req.url ?? '', body });
      if (!req.url?.startsWith('/v1/messages') || req.url.includes('count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"input_tokens": 10}');
        return;
      }
      const main = Array.isArray(body.tools) && body.tools.length > 0;
      const content = main ? (turns[next++] ?? FINAL_TURN) : [{ type: 'text' as const, text: sideAnswer }];
      const stop = content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
      if (body.stream) writeStream(res, content, stop);
      else
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'msg_mock',
            type: 'message',
            role: 'assistant',
            model: 'mock',
            content,
            stop_reason: stop,
            usage: { input_tokens: 10, output_tokens: 5 },
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function writeStream(res: ServerResponse, content: Block[], stop: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('message_start', {
    message: {
      id: 'msg_mock',
      type: 'message',
      role: 'assistant',
      model: 'mock',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  });
  content.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      send('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    }
    send('content_block_stop', { index });
  });
  send('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } });
  send('message_stop', {});
  res.end();
}
