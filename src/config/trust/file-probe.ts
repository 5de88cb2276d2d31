import { statSync } from 'node:fs';
import { readRegularFileSync } from '../read-regular-file.ts';

/**
 * A file's identity and version without reading it: device, inode, size, mtime and ctime in
 * nanoseconds. ctime cannot be set from user space, so an edit that restores size and mtime
 * (`touch -r`) still changes the stamp. `null`: the file does not exist (or cannot be stat'ed).
 */
export function fileStamp(path: string): string | null {
  try {
    // A missing file is the common case (the trust store before any approval): no exception for it.
    const s = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (s === undefined) return null;
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.isFile() ? 'f' : 'o'}`;
  } catch {
    return null;
  }
}

/**
 * Every file consulted while fingerprinting a project, with its stamp taken before it was read:
 * an edit after the read changes the stamp, so the dispatch-time re-check (stamps first, hashes
 * only when one moved) cannot miss it. Reads are cached, so one file is read once per fingerprint.
 */
export class FileProbe {
  readonly stamps = new Map<string, string | null>();
  private readonly contents = new Map<string, Buffer | null>();

  kind(path: string): 'file' | 'missing' | 'other' {
    const stamp = this.stamp(path);
    if (stamp === null) return 'missing';
    return stamp.endsWith(':f') ? 'file' : 'other';
  }

  read(path: string): Buffer | null {
    const cached = this.contents.get(path);
    if (cached !== undefined || this.contents.has(path)) return cached ?? null;
    this.stamp(path);
    let data: Buffer | null;
    try {
      // Never a FIFO or a device: a model can put one where a hook's script was, and a plain read
      // would wait forever while the host times the hook out (read-regular-file.ts).
      data = readRegularFileSync(path);
    } catch {
      data = null;
    }
    this.contents.set(path, data);
    return data;
  }

  private stamp(path: string): string | null {
    if (!this.stamps.has(path)) this.stamps.set(path, fileStamp(path));
    return this.stamps.get(path) ?? null;
  }
}

/** Whether any consulted file changed since its stamp was taken (cheap: stat only). */
export function stampsMoved(stamps: ReadonlyMap<string, string | null>): boolean {
  for (const [path, stamp] of stamps) if (fileStamp(path) !== stamp) return true;
  return false;
}
