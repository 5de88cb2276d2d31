// Where a handler came from: the locator every report, diagnostic and skip reason carries.

/** Where a configuration source sits in the precedence order (claude-code-hooks.md §6.1). */
export type Scope =
  | 'managed'
  | 'policy'
  | 'user'
  | 'project'
  | 'local'
  | 'plugin'
  | 'frontmatter'
  | 'session'
  | 'cli';

/** Where one handler came from: file, JSON pointer into it, scope, and a resolved position. */
export interface SourceRef {
  file: string;
  pointer: string;
  scope: Scope;
  line?: number;
  column?: number;
  /** Set for plugin hooks: substituted for `${CLAUDE_PLUGIN_ROOT}`. */
  pluginRoot?: string;
  /** Set for plugin hooks: the plugin's persistent data directory (`CLAUDE_PLUGIN_DATA`). */
  pluginData?: string;
  /** Namespace used for deduplication (plugin or skill root), claude-code-hooks.md §4.9. */
  namespace?: string;
}
