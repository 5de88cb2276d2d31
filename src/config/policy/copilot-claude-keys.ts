// Claude Code's hook policy keys in a Claude settings file that Copilot CLI reads (the cross-tool
// `.claude/settings*.json`, or an engine source of kind claude-settings). Copilot CLI documents
// only its `hooks` and `disableAllHooks` (that file only) there (other-agents-hooks.md §1.2), and
// the copilot-cli profile applies nothing else, so each other key is said, never dropped quietly.
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { PolicySettings } from '../read-types.ts';
import type { LoadedFile } from './types.ts';

/** Why each key Copilot CLI does not read is not in force; typed so a new policy key must say. */
const NOT_READ: Record<Exclude<keyof PolicySettings, 'disableAllHooks'>, string> = {
  allowManagedHooksOnly:
    'every hook of the files Copilot CLI loads runs; its policy.d hooks are its managed ones',
  allowedHttpHookUrls:
    'the URL allow-list is NOT in force; Copilot CLI applies its own transport rules to http hooks (https, localhost opt-in)',
  httpHookAllowedEnvVars:
    "the limit on the environment variables hooks may send is NOT in force; each hook's allowedEnvVars still applies",
};

export function copilotClaudeKeyNotes(files: readonly LoadedFile[]): Diagnostic[] {
  const notes: Diagnostic[] = [];
  for (const file of files) {
    if (file.discovered.spec.kind !== 'claude-settings') continue;
    for (const [key, effect] of Object.entries(NOT_READ)) {
      if (file.result.policy[key as keyof PolicySettings] === undefined) continue;
      const message =
        `Copilot CLI does not read "${key}" in a Claude settings file (only "hooks" and "disableAllHooks", ` +
        `other-agents-hooks.md §1.2), nor does the copilot-cli profile: ${effect}`;
      notes.push(
        diagnostic('CONFIG_UNSUPPORTED_BY_HOST', message, { file: file.discovered.file, pointer: `/${key}` }),
      );
    }
  }
  return notes;
}
