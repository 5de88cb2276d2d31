import { ERROR_CODES, type ErrorCode, HookError } from '../errors.ts';

/**
 * `error` with a catalogue code: as it is when it has one, else a HookError with `code` and the
 * same message, so stderr reads as before and the `--json` failure document carries a code
 * (failure-json.ts) for what a command's own failures (a file it cannot read, a write refused) are.
 */
export function withCode(code: ErrorCode, error: unknown): unknown {
  const has = (error as { code?: unknown } | undefined)?.code;
  if (typeof has === 'string' && Object.hasOwn(ERROR_CODES, has)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new HookError(code, message, { cause: error });
}
