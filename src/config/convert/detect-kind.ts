import { guessKind } from '../discovery/guess-kind.ts';
import type { ConfigKind } from '../read-config.ts';

export const CONFIG_KINDS: readonly ConfigKind[] = [
  'claude-settings',
  'claude-plugin-hooks',
  'copilot-hooks-file',
  'copilot-settings',
  'vscode-hooks',
  'frontmatter',
];

/** True when some event list holds a flat entry (a handler itself, not a `{ matcher, hooks }` group). */
function hasFlatEntries(text: string): boolean {
  let hooks: unknown;
  try {
    hooks = (JSON.parse(text) as { hooks?: unknown } | null)?.hooks;
  } catch {
    return false;
  }
  if (hooks === null || typeof hooks !== 'object') return false;
  return Object.values(hooks).some(
    (list) =>
      Array.isArray(list) &&
      list.some(
        (item) =>
          item !== null && typeof item === 'object' && !Array.isArray((item as { hooks?: unknown }).hooks),
      ),
  );
}

/**
 * Which reader a file to convert needs: by path first (as the hosts decide), then by content.
 * Flat entries without `version` are the VS Code format (other-agents-hooks.md §2.4 step 1).
 */
export function detectConfigKind(file: string, text: string): ConfigKind {
  return guessKind(file, text, hasFlatEntries(text) ? 'vscode' : 'claude-code');
}
