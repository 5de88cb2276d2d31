import { McpMessageTooLargeError } from './message-cap.ts';

const LF = 0x0a;
const CR = 0x0d;

/**
 * A `fetch` for the SDK's HTTP transport whose response bodies error (and cancel the rest) once
 * one message passes `maxBytes`, calling `onTooLarge` first. An SSE stream is counted per event,
 * so a long-lived stream of small events is fine; any other body is one message. The SDK wraps
 * or stringifies the body error (an SSE error only reaches `onerror` as text), so the callback,
 * not the error, is how the connection learns why.
 */
export function cappedFetch(
  maxBytes: number,
  onTooLarge: (e: McpMessageTooLargeError) => void,
): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const sse = response.headers.get('content-type')?.toLowerCase().includes('text/event-stream') === true;
    const count = sse ? sseEventCounter() : bodyCounter();
    const source = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) return controller.close();
        if (count(value) <= maxBytes) return controller.enqueue(value);
        const error = new McpMessageTooLargeError(maxBytes);
        await source.cancel().catch(() => undefined);
        onTooLarge(error);
        controller.error(error);
      },
      cancel: (reason) => source.cancel(reason),
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Bytes of the whole body so far. */
function bodyCounter(): (chunk: Uint8Array) => number {
  let bytes = 0;
  return (chunk) => {
    bytes += chunk.byteLength;
    return bytes;
  };
}

/**
 * The most bytes any event in the chunks so far held. An event ends at a blank line; lines end
 * at CR, LF or CRLF (WHATWG HTML §9.2.5, the event-stream format the SDK parses).
 */
function sseEventCounter(): (chunk: Uint8Array) => number {
  let event = 0;
  let line = 0;
  let afterCr = false;
  let most = 0;
  return (chunk) => {
    for (const byte of chunk) {
      const crlf = afterCr && byte === LF;
      afterCr = byte === CR;
      if (crlf) continue;
      if (byte === LF || byte === CR) {
        if (line === 0) event = 0;
        line = 0;
        continue;
      }
      line++;
      event++;
      if (event > most) most = event;
    }
    return most;
  };
}
