// Which reader a configuration text of a given kind gets under a profile, for texts that have no
// path for the host to decide by: inline sources and session hooks (engine options, addSessionHook).
import type { ProfileName } from '../model/profile-name.ts';
import type { ConfigKind, ReadOptions } from './read-types.ts';

/** The reader choice a kind stands for: the kind itself, or VS Code's reading of a Claude file. */
export type HostReading = Pick<ReadOptions, 'kind' | 'claudeFormat'>;

/**
 * How the host of `profile` reads a text of `kind`. VS Code reads a Claude settings file by its own
 * rules (other-agents-hooks.md §2.4 steps 1, 3, 4 and 7: matchers discarded, only command hooks,
 * only its own command keys, disableAllHooks the one policy key), so under the vscode profile a
 * `claude-settings` text is read as discovery reads `.claude/settings.json` there. Every other
 * kind, and every kind under the other profiles, is read as its kind says.
 */
export function readingFor(kind: ConfigKind, profile: ProfileName): HostReading {
  if (profile === 'vscode' && kind === 'claude-settings') return { kind: 'vscode-hooks', claudeFormat: true };
  return { kind };
}
