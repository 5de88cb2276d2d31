export {
  computeTrustFingerprint,
  displayPath,
  handlerSummary,
  isProjectHandler,
  type TrustFingerprint,
  type TrustItem,
} from './fingerprint.ts';
export { findScriptRefs, type ScriptRef, splitWords } from './script-refs.ts';
export { type TrustStatus, trustStatus } from './status.ts';
export {
  createTrustStore,
  defaultTrustStorePath,
  projectKey,
  type TrustRecord,
  type TrustStore,
} from './store.ts';
export {
  DEFAULT_UNTRUSTED_POLICY,
  decideUntrusted,
  type UntrustedInfo,
  type UntrustedPolicy,
} from './untrusted-policy.ts';
