import type { Response } from 'undici';

/** Copilot CLI caps hook output, HTTP bodies included, at 10 MiB (other-agents-hooks.md §1.1). */
export const HTTP_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface CappedBody {
  text: string;
  bytes: number;
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a response body and cancels the rest, so a hostile or broken
 * endpoint cannot make the engine buffer without bound.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  if (!response.body) return { text: '', bytes: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - bytes;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      bytes += room;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), bytes, truncated };
}
