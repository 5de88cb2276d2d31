import { resolve } from 'node:path';
import { isProjectHandler } from '../../config/trust/fingerprint.ts';
import {
  createTrustStore,
  defaultTrustStorePath,
  fileStamp,
  stampsMoved,
  type TrustStatus,
  trustStatus,
  unapprovedStatus,
} from '../../config/trust/index.ts';
import { diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';

/** The engine options trust checking reads (a subset of HookEngineOptions). */
interface TrustCheckOptions {
  untrusted?: unknown;
  trustFile?: string;
  homeDir?: string;
}

/**
 * The trust state of one configuration generation, kept current without `reload()`: at dispatch
 * the files the fingerprint read (and the trust store) are stat'ed, and only when a stamp moved is
 * the fingerprint recomputed (docs/trust.md "When trust is checked"). An edited script is
 * therefore untrusted from the next dispatch on; an approval given by `agent-hooks trust` in
 * another process counts from the next dispatch on.
 */
export interface TrustCheck {
  readonly status: TrustStatus;
  /** The project hooks not approved now; the same Set object for the generation's lifetime. */
  readonly untrusted: Set<NormalizedHandler>;
  /** Every project-scoped handler of the generation: the only ones a dispatch re-checks for. */
  readonly project: ReadonlySet<NormalizedHandler>;
  /** Stats every consulted file; recomputes the status when one changed. */
  refresh(): void;
}

/** Trust checking is on when `untrusted` or `trustFile` is set; otherwise null. */
export function createTrustCheck(
  options: TrustCheckOptions,
  handlers: readonly NormalizedHandler[],
  projectDir: string,
): TrustCheck | null {
  if (options.untrusted === undefined && options.trustFile === undefined) return null;
  const store = createTrustStore(options.trustFile ?? defaultTrustStorePath());
  const fingerprintOptions = options.homeDir === undefined ? {} : { homeDir: options.homeDir };
  const untrusted = new Set<NormalizedHandler>();
  const compute = (): { status: TrustStatus; stamps: Map<string, string | null> } => {
    // The store's stamp is taken before it is read, like every script's.
    const storeStamp = fileStamp(store.path);
    // No approval to compare with (no store yet, or none for this project): only a change of the
    // store can change the status, and the fingerprint is made only if someone reads it.
    if (storeStamp === null || store.approvals(projectDir).length === 0) {
      const status = unapprovedStatus(handlers, projectDir, fingerprintOptions);
      return { status, stamps: new Map([[store.path, storeStamp]]) };
    }
    const status = trustStatus(handlers, projectDir, store, fingerprintOptions);
    const stamps = new Map(status.fingerprint.files);
    stamps.set(store.path, storeStamp);
    return { status, stamps };
  };
  let state = compute();
  const root = resolve(projectDir);
  const project = new Set(handlers.filter((handler) => isProjectHandler(handler, root)));
  const mark = (): void => {
    untrusted.clear();
    if (!state.status.trusted) for (const handler of project) untrusted.add(handler);
  };
  mark();
  return {
    get status() {
      return state.status;
    },
    untrusted,
    project,
    refresh() {
      if (project.size === 0 || !stampsMoved(state.stamps)) return;
      try {
        state = compute();
      } catch (error) {
        // A store that became unreadable approves nothing: fail closed, and say why.
        state = { status: unreadableStore(state.status, error), stamps: new Map([[store.path, null]]) };
      }
      mark();
    },
  };
}

function unreadableStore(previous: TrustStatus, error: unknown): TrustStatus {
  const reason = `the trust store cannot be read (${error instanceof Error ? error.message : String(error)}); fix or remove it, then run \`agent-hooks trust\``;
  return {
    trusted: false,
    reason,
    changed: [],
    fingerprint: previous.fingerprint,
    diagnostic: diagnostic('SECURITY_TRUST_STORE_UNREADABLE', reason),
  };
}
