import type { ConfigKind } from '../read-config.ts';

/** The dialects `convertConfig` writes. */
export type ConvertTarget = 'claude' | 'copilot' | 'vscode';

export const CONVERT_TARGETS: readonly ConvertTarget[] = ['claude', 'copilot', 'vscode'];

/**
 * The dialect the hooks of each kind of hook file are written in; other kinds (Markdown
 * frontmatter) are never a JSON target. A file of one kind given hooks of another dialect holds
 * hooks its host never runs (Copilot `preToolUse` in Claude settings is an unknown event there).
 */
export const DIALECT_OF_KIND: Readonly<Partial<Record<ConfigKind, ConvertTarget>>> = {
  'claude-settings': 'claude',
  'claude-plugin-hooks': 'claude',
  'copilot-hooks-file': 'copilot',
  'copilot-settings': 'copilot',
  'vscode-hooks': 'vscode',
};

const MS_PER_SEC = 1000;

/** Every dialect writes timeouts in seconds (claude-code-hooks.md §4.1; other-agents-hooks.md §1.1, §2.3). */
export function timeoutSeconds(timeoutMs: number | undefined): number | undefined {
  return timeoutMs === undefined ? undefined : timeoutMs / MS_PER_SEC;
}

/** Drops undefined values so that the written JSON has no `null` placeholders. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = v;
  return out as Partial<T>;
}

/** The list under `key`, created on first use (keeps event keys in first-seen order). */
export function listFor<T>(record: Record<string, T[]>, key: string): T[] {
  let list = record[key];
  if (list === undefined) {
    list = [];
    record[key] = list;
  }
  return list;
}
