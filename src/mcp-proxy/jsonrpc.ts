// The few JSON-RPC shapes the proxy looks into; everything else passes through untouched.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

export type Message = JSONRPCMessage;
export type RequestId = string | number;

export interface Request {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface Result {
  jsonrpc: '2.0';
  id: RequestId;
  result: Record<string, unknown>;
}

export interface ErrorResponse {
  jsonrpc: '2.0';
  id: RequestId;
  error: { code: number; message: string; data?: unknown };
}

/** JSON-RPC "method not found" and "internal error" (JSON-RPC 2.0 §5.1). */
export const METHOD_NOT_FOUND = -32601;
export const INTERNAL_ERROR = -32603;

export function isRequest(message: Message): message is Message & Request {
  return 'method' in message && 'id' in message && message.id !== undefined;
}

export function isResponse(message: Message): message is Message & (Result | ErrorResponse) {
  return !('method' in message) && 'id' in message;
}

/** A map key for a request id: `1` and `"1"` are different requests. */
export function idKey(id: RequestId): string {
  return `${typeof id}:${id}`;
}

export function result(id: RequestId, value: Record<string, unknown>): Message {
  return { jsonrpc: '2.0', id, result: value } as Message;
}

/** A tool call's error result: the client's model reads `text` as the tool's output. */
export function toolError(id: RequestId, text: string): Message {
  return result(id, { isError: true, content: [{ type: 'text', text }] });
}

export function errorResponse(id: RequestId, code: number, message: string): Message {
  return { jsonrpc: '2.0', id, error: { code, message } } as Message;
}
