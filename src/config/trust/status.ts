import { resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import {
  computeTrustFingerprint,
  type FingerprintOptions,
  isProjectHandler,
  itemHashes,
  type TrustFingerprint,
  type TrustItem,
} from './fingerprint.ts';
import type { TrustRecord, TrustStore } from './store.ts';

export interface TrustStatus {
  trusted: boolean;
  /** One sentence for the user. */
  reason: string;
  /** What differs from the approved state, one entry per item (`changed script .claude/hooks/x.sh`). */
  changed: string[];
  fingerprint: TrustFingerprint;
  /** `SECURITY_UNTRUSTED_PROJECT_HOOK` or `SECURITY_TRUST_CHANGED` when not trusted, for reports. */
  diagnostic?: Diagnostic;
}

function describe(item: TrustItem | undefined, id: string): string {
  if (item?.kind === 'script' || id.startsWith('script:')) return `script ${id.slice('script:'.length)}`;
  return `hook ${id}`;
}

/** The approval that shares most items with now (another profile's approval shares few); newest wins ties. */
function closest(approvals: readonly TrustRecord[], fingerprint: TrustFingerprint): TrustRecord | undefined {
  let best: TrustRecord | undefined;
  let bestShared = -1;
  for (const record of approvals) {
    const shared = fingerprint.items.filter((item) => item.id in record.items).length;
    if (shared > bestShared) {
      best = record;
      bestShared = shared;
    }
  }
  return best;
}

/** Compares the project's current hooks and scripts with what was approved, item by item. */
export function trustStatus(
  handlers: readonly NormalizedHandler[],
  projectDir: string,
  store: TrustStore,
  options: FingerprintOptions = {},
): TrustStatus {
  const fingerprint = computeTrustFingerprint(handlers, projectDir, options);
  if (fingerprint.items.length === 0) return noProjectHooks(() => fingerprint);
  const status = compared(fingerprint, projectDir, store);
  return fingerprint.diagnostics.length === 0 ? status : unreadableFiles(status, projectDir);
}

/**
 * A file the hooks run that is there but cannot be read (a link to nothing, a named pipe) leaves
 * what they run unknown: never trusted, even when the hashes match an approval (a script missing
 * when approved reads as missing through a link to nothing), and each such file is named.
 */
function unreadableFiles(status: TrustStatus, projectDir: string): TrustStatus {
  const named = status.fingerprint.diagnostics.map((d) => d.message).join('; ');
  const reason = `a file the project hooks run cannot be read, so what they run is unknown: ${named}`;
  // Approved and matching: it changed from what was approved (a readable file or none).
  const code = status.trusted ? 'SECURITY_TRUST_CHANGED' : status.diagnostic?.code;
  return {
    ...status,
    trusted: false,
    reason,
    diagnostic: diagnostic(code ?? 'SECURITY_UNTRUSTED_PROJECT_HOOK', `Project ${projectDir}: ${reason}`),
  };
}

/** The status of `fingerprint` against the store's approvals of the project. */
function compared(fingerprint: TrustFingerprint, projectDir: string, store: TrustStore): TrustStatus {
  const approvals = store.approvals(projectDir);
  const match = approvals.find((record) => record.hash === fingerprint.hash);
  if (match !== undefined) {
    return { trusted: true, reason: `approved on ${match.trustedAt}`, changed: [], fingerprint };
  }
  const record = closest(approvals, fingerprint);
  if (record === undefined) return neverApproved(projectDir, () => fingerprint);
  const now = itemHashes(fingerprint.items);
  const byId = new Map(fingerprint.items.map((item) => [item.id, item]));
  const changed: string[] = [];
  for (const [id, hash] of Object.entries(now)) {
    const before = record.items[id];
    if (before === undefined) changed.push(`added ${describe(byId.get(id), id)}`);
    else if (before !== hash) changed.push(`changed ${describe(byId.get(id), id)}`);
  }
  for (const id of Object.keys(record.items)) {
    if (!(id in now)) changed.push(`removed ${describe(undefined, id)}`);
  }
  const summary = changed.length > 0 ? `: ${changed.join(', ')}` : '';
  const reason = `the project hooks changed since they were approved on ${record.trustedAt}${summary}`;
  return {
    trusted: false,
    reason,
    changed,
    fingerprint,
    diagnostic: diagnostic('SECURITY_TRUST_CHANGED', `Project ${projectDir}: ${reason}`),
  };
}

/**
 * The status of a project the store holds no approval for, as `trustStatus` gives it, without
 * making the fingerprint until someone reads it: with nothing to compare, no script is read and
 * nothing hashed (issue 16 item 4: a `run` start, whose trust check only marks hooks untrusted).
 */
export function unapprovedStatus(
  handlers: readonly NormalizedHandler[],
  projectDir: string,
  options: FingerprintOptions = {},
): TrustStatus {
  let fingerprint: TrustFingerprint | undefined;
  const make = (): TrustFingerprint => {
    fingerprint ??= computeTrustFingerprint(handlers, projectDir, options);
    return fingerprint;
  };
  const root = resolve(projectDir);
  return handlers.some((handler) => isProjectHandler(handler, root))
    ? neverApproved(projectDir, make)
    : noProjectHooks(make);
}

function noProjectHooks(fingerprint: () => TrustFingerprint): TrustStatus {
  return {
    trusted: true,
    reason: 'the project defines no hooks',
    changed: [],
    get fingerprint() {
      return fingerprint();
    },
  };
}

function neverApproved(projectDir: string, fingerprint: () => TrustFingerprint): TrustStatus {
  const reason = 'the project hooks have never been approved (run `agent-hooks trust`)';
  return {
    trusted: false,
    reason,
    changed: [],
    get fingerprint() {
      return fingerprint();
    },
    diagnostic: diagnostic('SECURITY_UNTRUSTED_PROJECT_HOOK', `Project ${projectDir}: ${reason}`),
  };
}
