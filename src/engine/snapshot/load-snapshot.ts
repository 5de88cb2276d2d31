import { resolve } from 'node:path';
import { type ConfigGeneration, type LoadOptions, loadConfig } from '../../config/generation/index.ts';
import type { EffectivePolicy } from '../../config/policy/types.ts';
import type { Diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { HookEngineOptions } from '../options.ts';
import { buildIndex } from '../plan/build-index.ts';
import { createTrustCheck } from '../plan/trust-check.ts';
import { getProfile } from '../profiles/profiles.ts';
import { sourcePolicyNotes, sourceTexts } from './inline-sources.ts';
import type { ConfigSnapshot } from './snapshot.ts';

/** The discovery options an engine's options stand for (also used by `engine.watch()`). */
export function loadOptionsOf(options: HookEngineOptions): LoadOptions {
  const profile = getProfile(options.profile ?? 'claude-code');
  const projectDir = resolve(options.projectDir ?? options.cwd ?? process.cwd());
  return {
    profile: profile.name,
    cwd: options.cwd ?? projectDir,
    projectDir,
    ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    ...(options.noUser !== undefined ? { noUser: options.noUser } : {}),
    ...(options.settingsFiles ? { settingsFiles: options.settingsFiles } : {}),
    ...(options.pluginDirs ? { pluginDirs: options.pluginDirs } : {}),
    ...(options.managedDir !== undefined ? { managedDir: options.managedDir } : {}),
    ...(options.copilotPolicyDir !== undefined ? { copilotPolicyDir: options.copilotPolicyDir } : {}),
    ...(options.copilotTrustFolder !== undefined ? { copilotTrustFolder: options.copilotTrustFolder } : {}),
    ...(options.vscodeSettings ? { vscodeSettings: options.vscodeSettings } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.strict !== undefined ? { strict: options.strict } : {}),
  };
}

/** Reads a generation; on a reload, `previous` lends its reading of files that no longer parse. */
export async function loadSnapshot(
  options: HookEngineOptions,
  id: number,
  previous?: ConfigSnapshot,
): Promise<ConfigSnapshot> {
  const profile = getProfile(options.profile ?? 'claude-code');
  const projectDir = resolve(options.projectDir ?? options.cwd ?? process.cwd());
  const handlers: NormalizedHandler[] = [];
  const diagnostics: Diagnostic[] = [];
  const discover = options.discover !== false;
  // One policy step for the discovered files and the sources (claude-code-hooks.md §6.2): a
  // source's disableAllHooks or allow-lists act as a discovered file's of its scope.
  const loaded = await loadConfig(
    { ...loadOptionsOf(options), discover, sources: sourceTexts(options.sources ?? []) },
    previous?.generation ?? undefined,
  );
  handlers.push(...loaded.handlers);
  diagnostics.push(...loaded.diagnostics);
  const skipped: SkippedReport[] = loaded.skipped.map(({ source, why }) => ({ source, why }));
  const prompts: { source: NormalizedHandler['source']; prompt: string }[] = [...loaded.prompts];
  const policy: EffectivePolicy = { ...loaded.policy };
  const generation: ConfigGeneration | null = discover ? loaded : null;
  if (options.handlers) handlers.push(...options.handlers);

  const trustCheck = createTrustCheck(options, handlers, projectDir);

  const frontmatter = handlers.filter((handler) => handler.source.scope === 'frontmatter');
  const active =
    frontmatter.length === 0
      ? handlers
      : handlers.filter((handler) => handler.source.scope !== 'frontmatter');
  const built = buildIndex(active, profile, loaded.held);
  diagnostics.push(...built.diagnostics);
  return Object.freeze({
    id,
    projectDir,
    handlers: Object.freeze(active),
    frontmatter: Object.freeze(frontmatter),
    index: built.index,
    prompts: Object.freeze(prompts),
    skipped: Object.freeze(skipped),
    diagnostics: Object.freeze(diagnostics),
    keptLastGood: Object.freeze(diagnostics.filter((found) => found.code === 'CONFIG_FILE_KEPT_LAST_GOOD')),
    sourceNotes: Object.freeze(sourcePolicyNotes(options.sources ?? [], diagnostics)),
    policy,
    generation,
    untrusted: trustCheck?.untrusted ?? new Set<NormalizedHandler>(),
    // The current status: the check re-reads changed scripts at dispatch (docs/trust.md).
    get trust() {
      return trustCheck?.status ?? null;
    },
    trustCheck,
  });
}
