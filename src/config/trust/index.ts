export { fileStamp, stampsMoved } from './file-probe.ts';
export {
  computeTrustFingerprint,
  displayPath,
  type TrustItem,
} from './fingerprint.ts';

export { type TrustStatus, trustStatus, unapprovedStatus } from './status.ts';
export {
  createTrustStore,
  defaultTrustStorePath,
} from './store.ts';
export {
  decideUntrusted,
  type UntrustedPolicy,
} from './untrusted-policy.ts';
