import type { CodeInfo, Severity } from './errors/code-info.ts';
import { AUTHOR_CODES } from './errors/codes-author.ts';
import { CLI_CODES } from './errors/codes-cli.ts';
import { CONFIG_CODES } from './errors/codes-config.ts';
import { DOCTOR_CODES } from './errors/codes-doctor.ts';
import { ENGINE_CODES } from './errors/codes-engine.ts';
import { INIT_CODES } from './errors/codes-init.ts';
import { INTEGRATION_CODES } from './errors/codes-integration.ts';
import { MATCH_CODES } from './errors/codes-match.ts';
import { RUNNER_CODES } from './errors/codes-runner.ts';
import { SECURITY_CODES } from './errors/codes-security.ts';
import { SERVER_CODES } from './errors/codes-server.ts';
import { TESTING_CODES } from './errors/codes-testing.ts';
import type { SourceRef } from './model/source.ts';

export type { CodeInfo, Severity };

/**
 * The one catalogue of stable error and warning codes. Each layer declares its rows in
 * `src/errors/codes-<layer>.ts`; `docs/errors.md` is generated from this object.
 */
export const ERROR_CODES = {
  ...CONFIG_CODES,
  ...MATCH_CODES,
  ...RUNNER_CODES,
  ...ENGINE_CODES,
  ...SECURITY_CODES,
  ...INTEGRATION_CODES,
  ...AUTHOR_CODES,
  ...SERVER_CODES,
  ...DOCTOR_CODES,
  ...TESTING_CODES,
  ...INIT_CODES,
  ...CLI_CODES,
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A located, user-facing finding. Loader, matcher, runners and engine all report these. */
export interface Diagnostic {
  severity: Severity;
  code: ErrorCode;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  pointer?: string;
  expected?: string;
  found?: string;
  suggestion?: string;
  event?: string;
}

export function diagnostic(
  code: ErrorCode,
  message: string,
  where: Omit<Diagnostic, 'code' | 'message' | 'severity'> & { severity?: Severity } = {},
): Diagnostic {
  const { severity, ...rest } = where;
  return { severity: severity ?? ERROR_CODES[code].severity, code, message, ...rest };
}

/**
 * Thrown for misuse and invalid configuration only; expected hook outcomes (non-zero exits,
 * timeouts, bad JSON) are values, never exceptions.
 */
export class HookError extends Error {
  override readonly name = 'HookError';
  readonly code: ErrorCode;
  readonly source: SourceRef | undefined;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; source?: SourceRef } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.source = options.source;
  }
}

export function isHookError(error: unknown): error is HookError {
  return error instanceof HookError;
}
