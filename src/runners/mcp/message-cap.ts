import { HTTP_MAX_BODY_BYTES } from '../http/read-capped-body.ts';

/**
 * The most one message from an MCP server may hold: a stdio line, an HTTP body, or one SSE event.
 * Tool answers are a few kilobytes; the cap is the HTTP hooks' (and the model answers'), so a
 * broken or hostile server that streams without end cannot make the engine buffer gigabytes until
 * the hook's timeout and take every other hook's decision down with the process.
 */
export const MCP_MAX_MESSAGE_BYTES = HTTP_MAX_BODY_BYTES;

/** Why a connection was failed and closed: a message passed the cap. */
export class McpMessageTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the MCP server sent a message over ${maxBytes} bytes, which was not read further`);
    this.name = 'McpMessageTooLargeError';
  }
}

/**
 * What the SDK's stdio `ReadBuffer` throws (to its `onerror`) when a line passes `maxBufferSize`;
 * it then closes the transport, but only fails the pending call once the server has exited.
 */
const STDIO_OVERFLOW = /ReadBuffer exceeded maximum size/;

export function isStdioOverflow(e: unknown): boolean {
  return e instanceof Error && STDIO_OVERFLOW.test(e.message);
}
