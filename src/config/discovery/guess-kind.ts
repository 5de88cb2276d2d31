import path from 'node:path';
import type { ProfileName } from '../../model/profile-name.ts';
import type { ConfigKind } from '../read-config.ts';

const DEFAULT_KIND_BY_PROFILE: Readonly<Record<ProfileName, ConfigKind>> = {
  'claude-code': 'claude-settings',
  'copilot-cli': 'copilot-hooks-file',
  vscode: 'vscode-hooks',
};

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** True when some event list holds a Claude matcher group (`{ matcher?, hooks: [...] }`). */
function hasMatcherGroups(hooks: unknown): boolean {
  if (!hooks || typeof hooks !== 'object') return false;
  return Object.values(hooks).some(
    (list) =>
      Array.isArray(list) &&
      list.some(
        (item) => item && typeof item === 'object' && Array.isArray((item as { hooks?: unknown }).hooks),
      ),
  );
}

/**
 * Guesses which reader a file given on the command line needs: first by its path (the way the
 * hosts themselves decide), then by its content, then by the profile's native format.
 */
export function guessKind(file: string, text: string, profile: ProfileName): ConfigKind {
  const base = path.basename(file);
  const parent = path.basename(path.dirname(file));
  if (base.endsWith('.md')) return 'frontmatter';
  if (/^managed-settings.*\.json$/.test(base) || parent === 'managed-settings.d') return 'claude-settings';
  if (base === 'settings.json' || base === 'settings.local.json') {
    if (parent === '.claude') return 'claude-settings';
    if (parent === 'copilot' || parent === '.copilot') return 'copilot-settings';
  }
  if (base === 'hooks.json' && parent === 'hooks') return 'claude-plugin-hooks';
  const json = parseObject(text);
  if (json) {
    if (typeof json.version === 'number') return 'copilot-hooks-file';
    if (hasMatcherGroups(json.hooks)) return 'claude-settings';
    const keys = json.hooks && typeof json.hooks === 'object' ? Object.keys(json.hooks) : [];
    if (keys.length > 0 && keys.every((k) => /^[a-z]/.test(k))) {
      return profile === 'vscode' ? 'vscode-hooks' : 'copilot-hooks-file';
    }
  }
  return DEFAULT_KIND_BY_PROFILE[profile];
}
