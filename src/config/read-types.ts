// The shapes a configuration read takes and gives: shared by readConfig and the dialect readers,
// kept apart so that neither imports the other's module.
import type { Diagnostic } from '../errors.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { Scope, SourceRef } from '../model/source.ts';

export type ConfigKind =
  | 'claude-settings'
  | 'claude-plugin-hooks'
  | 'copilot-hooks-file'
  | 'copilot-settings'
  | 'vscode-hooks'
  | 'frontmatter';

/** Hook-related policy keys (claude-code-hooks.md §6.2). */
export interface PolicySettings {
  disableAllHooks?: boolean;
  allowManagedHooksOnly?: boolean;
  allowedHttpHookUrls?: string[];
  httpHookAllowedEnvVars?: string[];
}

/** Copilot `type: "prompt"` on sessionStart: text auto-submitted, not an LLM call. */
export interface CopilotPromptEntry {
  source: SourceRef;
  prompt: string;
}

export interface ReadOptions {
  file: string;
  text: string;
  kind: ConfigKind;
  scope: Scope;
  pluginRoot?: string;
  pluginData?: string;
  namespace?: string;
  strict?: boolean;
  /**
   * Frontmatter of a VS Code custom agent (`.github/agents/*.agent.md`) read for the vscode
   * profile: VS Code reads its hooks as it reads a hook file, Claude nested groups included
   * (other-agents-hooks.md §2.3–§2.4), so they are read with VS Code's rules, not Claude's.
   */
  vscodeAgent?: boolean;
  /**
   * With kind `vscode-hooks`: the text is a Claude-format settings file whatever its name. VS Code
   * picks Claude's parser by path (other-agents-hooks.md §2.4 step 1); a text with no such path (an
   * inline source, a session hook) says so here. See readingFor (host-reading.ts).
   */
  claudeFormat?: boolean;
}

export interface ReadResult {
  handlers: NormalizedHandler[];
  diagnostics: Diagnostic[];
  policy: PolicySettings;
  prompts: CopilotPromptEntry[];
  /** per-file (Copilot) disableAllHooks */
  fileDisabled: boolean;
}
