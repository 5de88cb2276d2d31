import type { ConfigGeneration } from '../../config/generation/index.ts';
import type { EffectivePolicy } from '../../config/policy/types.ts';
import type { TrustStatus } from '../../config/trust/index.ts';
import type { Diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { EventIndex } from '../plan/build-index.ts';
import type { TrustCheck } from '../plan/trust-check.ts';

/**
 * What embedders see of a configuration generation (`engine.config`, `reload()`, `onReload`):
 * everything a person reads in `list`, without the compiled per-event index and file state.
 */
export interface ConfigView {
  readonly id: number;
  readonly projectDir: string;
  readonly handlers: readonly NormalizedHandler[];
  /**
   * Skill and agent frontmatter hooks: they run only once registered for a session
   * (claude-code-hooks.md §4.8), so they are listed here, not in `index`.
   */
  readonly frontmatter: readonly NormalizedHandler[];
  readonly prompts: readonly { source: NormalizedHandler['source']; prompt: string }[];
  readonly skipped: readonly SkippedReport[];
  readonly diagnostics: readonly Diagnostic[];
  /** The policy in force; the `managed*` lists are what binds managed hooks (claude-code-hooks.md §6.2). */
  readonly policy: EffectivePolicy;
  /**
   * Project hooks that are not approved; empty when trust checking is off or all are approved.
   * Kept current: a dispatch that selects a project hook re-checks its scripts first.
   */
  readonly untrusted: ReadonlySet<NormalizedHandler>;
  readonly trust: TrustStatus | null;
}

/** One immutable configuration generation, with its per-event index compiled. */
export interface ConfigSnapshot extends ConfigView {
  readonly index: EventIndex;
  readonly generation: ConfigGeneration | null;
  /** Null when trust checking is off (neither `untrusted` nor `trustFile` set). */
  readonly trustCheck: TrustCheck | null;
  /** Files that did not parse on this reload and kept their last good reading: every dispatch reports them. */
  readonly keptLastGood: readonly Diagnostic[];
  /** Policy keys of inline sources that are not in force: every dispatch reports them (no `list` shows a source). */
  readonly sourceNotes: readonly Diagnostic[];
}
