// The engine's inline sources (HookEngineOptions.sources): configuration an embedder keeps in
// memory, read with the reader the profile's host would use for a file of that kind.
import { readingFor } from '../../config/host-reading.ts';
import type { HeldHandler } from '../../config/policy/types.ts';
import { readConfigLazily } from '../../config/read-core.ts';
import type { CopilotPromptEntry, PolicySettings, ReadResult } from '../../config/read-types.ts';
import type { Diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { InlineSource } from '../options.ts';

export interface InlineRead {
  handlers: NormalizedHandler[];
  diagnostics: Diagnostic[];
  prompts: CopilotPromptEntry[];
  policy: PolicySettings;
  /** Handlers their own source turned off (vscode: disableAllHooks), planned but never run. */
  held: HeldHandler[];
  skipped: SkippedReport[];
}

/**
 * Reads each source in order onto `into`. Under the vscode profile a `claude-settings` source is
 * read as VS Code reads `.claude/settings.json` (readingFor): the same handlers and warnings,
 * at the same lines and columns of the text, as the discovered file would give.
 */
export async function readInlineSources(
  sources: readonly InlineSource[],
  profile: ProfileName,
  into: InlineRead,
): Promise<void> {
  for (const source of sources) {
    const text = typeof source.config === 'string' ? source.config : JSON.stringify(source.config, null, 2);
    const read = await readConfigLazily({
      file: source.file,
      text,
      ...readingFor(source.kind, profile),
      scope: source.scope ?? 'session',
    });
    into.diagnostics.push(...read.diagnostics);
    if (profile === 'vscode' && read.policy.disableAllHooks === true) {
      holdAll(source.file, read, into);
      continue;
    }
    into.handlers.push(...read.handlers);
    into.prompts.push(...read.prompts);
    into.policy = mergeInlinePolicy(into.policy, read.policy);
  }
}

/**
 * VS Code's disableAllHooks hides the hooks of the one Claude file that sets it (other-agents-hooks.md
 * §2.4 step 7; applyVscodePolicy for discovered files), so it hides this source's hooks only: each
 * is planned but held, and reported in `skipped` when it would match, as the discovered file's are.
 */
function holdAll(file: string, read: ReadResult, into: InlineRead): void {
  const why = `disableAllHooks is true in ${file} (this file only)`;
  for (const handler of read.handlers) {
    into.held.push({ handler, why });
    into.skipped.push({ source: handler.source, why });
  }
}

/** Inline sources add to the HTTP allowlists the way one more settings file would. */
function mergeInlinePolicy(base: PolicySettings, next: PolicySettings): PolicySettings {
  const merged: PolicySettings = { ...base };
  if (next.allowedHttpHookUrls)
    merged.allowedHttpHookUrls = [...(base.allowedHttpHookUrls ?? []), ...next.allowedHttpHookUrls];
  if (next.httpHookAllowedEnvVars)
    merged.httpHookAllowedEnvVars = [...(base.httpHookAllowedEnvVars ?? []), ...next.httpHookAllowedEnvVars];
  if (next.disableAllHooks) merged.disableAllHooks = true;
  return merged;
}
