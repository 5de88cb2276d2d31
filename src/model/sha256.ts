// sha256 for fingerprints and file names, with node:crypto loaded on the first call. A CLI start
// that hashes nothing (`run` with no trust approvals, the common case) then never loads crypto,
// which costs a start about 4 ms of module loading, as much as everything else the start loads
// beside it (issue 16 item 4). `process.getBuiltinModule` is synchronous, unlike `import()`, and
// exists from Node 20.16 (package.json asks for 20.19).
import type * as NodeCrypto from 'node:crypto';

let crypto: typeof NodeCrypto | undefined;

/** The hex sha256 of `data` (a string is hashed as UTF-8). */
export function sha256Hex(data: string | Uint8Array): string {
  crypto ??= process.getBuiltinModule('node:crypto');
  return crypto.createHash('sha256').update(data).digest('hex');
}
