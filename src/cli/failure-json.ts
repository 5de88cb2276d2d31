// The one `--json` failure document of every command (README "CLI"): when a command given `--json`
// fails before it prints its own document, stdout still holds exactly one JSON object, so a
// script piping it to `jq` always has something to parse. `error` is there only in a failure.
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import type { CliIo } from './cli-io.ts';

/** The failure: its docs/errors.md code (null only for an error nobody foresaw, a bug) and message. */
export interface FailureError {
  code: ErrorCode | null;
  message: string;
}

/** A file a writing command wrote before it failed, as its own document lists it (write-json.ts). */
interface FileJson {
  file: string;
  status: string;
  diff?: string;
}

/** What a writing command said (and changed) before it failed; `files` is empty when nothing was. */
export interface Said {
  notes: readonly string[];
  warnings: readonly string[];
  files?: readonly FileJson[];
}

/**
 * The fields beside `error`, those of the command's own document a failure can fill truthfully:
 * a writing command's `files`, `notes` and `warnings` (what it said before it failed); a command
 * whose document lists diagnostics (`run`, `validate`, `list`, `trust`, `convert`; `test`'s
 * `errors`) gets that list with the error as its one diagnostic; any other command, none.
 */
export type FailureFields = { said: Said } | { listedIn: 'diagnostics' | 'errors' } | 'error-only';

export function errorJson(error: unknown): FailureError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code)) return { code: null, message };
  const prefix = `${code}: `;
  return {
    code: code as ErrorCode,
    message: message.startsWith(prefix) ? message.slice(prefix.length) : message,
  };
}

function failureDocument(error: FailureError, fields: FailureFields): Record<string, unknown> {
  if (fields === 'error-only') return { error };
  if ('said' in fields) {
    const { notes, warnings, files = [] } = fields.said;
    return { error, files, notes, warnings };
  }
  return { error, [fields.listedIn]: [{ severity: 'error', ...error }] };
}

/** Prints the failure document of `error` on stdout. */
export function printFailureJson(io: Pick<CliIo, 'stdout'>, error: unknown, fields: FailureFields): void {
  io.stdout(`${JSON.stringify(failureDocument(errorJson(error), fields), null, 2)}\n`);
}
