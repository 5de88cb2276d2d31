import type { Response } from 'undici';
import type { ErrorCode } from '../../errors.ts';
import type { RunnerResult } from '../types.ts';
import { SsrfBlockedError } from './guarded-connector.ts';
import type { CappedBody } from './read-capped-body.ts';

/** The part of a RunnerResult an HTTP exchange decides. */
export type HttpVerdict = Pick<RunnerResult, 'exitCode' | 'stdout'> &
  Partial<Pick<RunnerResult, 'output' | 'failure' | 'stdoutTruncated'>>;

/** How much of an unusable body is quoted in a failure message. */
const BODY_PREVIEW_CHARS = 200;

function preview(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > BODY_PREVIEW_CHARS ? `${flat.slice(0, BODY_PREVIEW_CHARS)}…` : flat;
}

function fail(code: ErrorCode, message: string, extra: Partial<HttpVerdict> = {}): HttpVerdict {
  return { exitCode: null, stdout: '', failure: { code, message }, ...extra };
}

/** The body as a JSON object, parsed once here so that the engine never parses it again. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: reported below as a bad body.
  }
  return undefined;
}

/**
 * Maps an answer onto the command contract (claude-code-hooks.md §3.3, HTTP hooks): 2xx empty is
 * exit 0 with no output; 2xx JSON object is exit 0 with that object as the output (and the body
 * text as stdout, for the report); any other 2xx body,
 * a redirect, or another status is a failure (a non-blocking error; the text is never context).
 */
export function classifyResponse(response: Response, body: CappedBody, maxBodyBytes: number): HttpVerdict {
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    const where = location ? ` to ${location}` : '';
    return fail('RUNNER_HTTP_REDIRECT', `HTTP hook answered ${status}${where}; redirects are not followed`);
  }
  if (response.status < 200 || response.status >= 300) {
    const text = preview(body.text);
    return fail('RUNNER_HTTP_STATUS', `HTTP hook answered ${status}${text ? `: ${text}` : ''}`, {
      stdoutTruncated: body.truncated || undefined,
    });
  }
  if (body.truncated) {
    return fail(
      'RUNNER_HTTP_BODY_TOO_LARGE',
      `HTTP hook response exceeded ${maxBodyBytes} bytes and was discarded`,
      {
        stdoutTruncated: true,
      },
    );
  }
  if (body.text.trim() === '') return { exitCode: 0, stdout: '' };
  const output = jsonObject(body.text);
  if (output) return { exitCode: 0, stdout: body.text, output };
  return fail(
    'RUNNER_HTTP_BAD_BODY',
    `HTTP hook answered ${status} with a body that is not a JSON object: ${preview(body.text)}`,
  );
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** A thrown fetch error as a failure: the SSRF guard's refusal, or why the connection failed. */
export function failureFromError(error: unknown, url: URL): HttpVerdict {
  const chain = causes(error);
  const blocked = chain.find((e): e is SsrfBlockedError => e instanceof SsrfBlockedError);
  if (blocked) return fail('SECURITY_SSRF_BLOCKED', `${blocked.message} (url ${url.href})`);
  const root = chain.at(-1) as { code?: unknown; message?: unknown } | undefined;
  const code = typeof root?.code === 'string' ? `${root.code}: ` : '';
  const detail = typeof root?.message === 'string' ? root.message : String(root);
  return fail('RUNNER_HTTP_CONNECTION_FAILED', `HTTP hook request to ${url.origin} failed: ${code}${detail}`);
}
