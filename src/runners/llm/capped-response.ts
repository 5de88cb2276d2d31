/**
 * The most a model answer may hold. Hook verdicts and agent turns are a few kilobytes; the cap is
 * the HTTP hooks' (HTTP_MAX_BODY_BYTES), so a broken or hostile endpoint that streams without end
 * cannot make the engine buffer gigabytes before the hook's timeout (a probe reached 2.3 GB in 4 s)
 * and take every other hook's decision down with the process.
 */
export const MODEL_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** The error a capped body fails with; `callFailure` names the cap from it. */
export class ModelResponseTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the model's answer exceeded ${maxBytes} bytes and was not read further`);
    this.name = 'ModelResponseTooLargeError';
  }
}

/** `response` with a body that errors (and cancels the rest) once it passes `maxBytes`. */
export function capResponse(response: Response, maxBytes: number): Response {
  if (!response.body) return response;
  const source = response.body.getReader();
  let bytes = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      bytes += value.byteLength;
      if (bytes <= maxBytes) return controller.enqueue(value);
      await source.cancel().catch(() => undefined);
      controller.error(new ModelResponseTooLargeError(maxBytes));
    },
    cancel: (reason) => source.cancel(reason),
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The cap error somewhere in `e`'s cause chain (the SDK wraps what the body read threw). */
export function findTooLarge(e: unknown): ModelResponseTooLargeError | undefined {
  for (let cur = e, depth = 0; cur && depth < 8; depth++) {
    if (cur instanceof ModelResponseTooLargeError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
