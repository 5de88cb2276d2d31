import type { Diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { SourceRef } from '../../model/source.ts';
import type { DiscoveredFile } from '../discovery/types.ts';
import type { CopilotPromptEntry, PolicySettings, ReadResult } from '../read-config.ts';

/** A discovered file after reading. */
export interface LoadedFile {
  discovered: DiscoveredFile;
  result: ReadResult;
}

/** A handler (or Copilot prompt entry) that will not run, and why. */
export interface SkippedEntry {
  source: SourceRef;
  why: string;
  code?: string;
}

/**
 * The hook policy in force for one generation (claude-code-hooks.md §6.2). The plain keys are
 * the union / effective values over every file; the `managed*` lists are what applies to
 * managed hooks, because a list set only outside managed settings does not bind managed hooks.
 */
export interface EffectivePolicy extends PolicySettings {
  managedOnly: boolean;
  managedAllowedHttpHookUrls?: string[];
  managedHttpHookAllowedEnvVars?: string[];
}

/** A handler the policy keeps from running; a dispatch it would match reports it in `skipped`. */
export interface HeldHandler {
  handler: NormalizedHandler;
  why: string;
}

export interface PolicyOutcome {
  handlers: NormalizedHandler[];
  prompts: CopilotPromptEntry[];
  skipped: SkippedEntry[];
  held: HeldHandler[];
  diagnostics: Diagnostic[];
  policy: EffectivePolicy;
}
