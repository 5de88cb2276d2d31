import type { INIT_CODES } from '../../errors/codes-init.ts';

/** `init` or `add` wrote nothing: the message starts with the code (docs/errors.md) and names the fix. */
export class InitRefused extends Error {
  override readonly name = 'InitRefused';
  constructor(
    readonly code: keyof typeof INIT_CODES,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}
