import type { NormalizedHandler } from '../../model/handler.ts';
import type { TrustStatus } from './status.ts';

export interface UntrustedInfo {
  projectDir: string;
  /** The project-scoped handlers that are not approved. */
  handlers: readonly NormalizedHandler[];
  status: TrustStatus;
}

/**
 * What the engine does with project hooks that are not approved. The library default is `'run'`:
 * the embedding host owns the trust decision (claude-code-hooks.md §6.4: `-p` and SDK sessions
 * treat the folder as trusted); the CLI reports untrusted hooks in every output.
 */
export type UntrustedPolicy = 'run' | 'skip' | ((info: UntrustedInfo) => boolean | Promise<boolean>);

export const DEFAULT_UNTRUSTED_POLICY: UntrustedPolicy = 'run';

/** A callback answers "run them?"; a callback that throws or rejects means skip (fail safe). */
export async function decideUntrusted(
  policy: UntrustedPolicy | undefined,
  info: UntrustedInfo,
): Promise<'run' | 'skip'> {
  const effective = policy ?? DEFAULT_UNTRUSTED_POLICY;
  if (effective === 'run' || effective === 'skip') return effective;
  try {
    return (await effective(info)) === true ? 'run' : 'skip';
  } catch {
    return 'skip';
  }
}
