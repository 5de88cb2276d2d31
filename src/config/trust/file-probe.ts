import { lstatSync, statSync } from 'node:fs';
import { readRegularFileSync } from '../read-regular-file.ts';

/** Read errors that mean "no file here": a script not written yet is recorded, not reported. */
const ABSENT_CODES: ReadonlySet<string | undefined> = new Set(['ENOENT', 'ENOTDIR']);

/** The stamp's mark for a symbolic link to nothing: nothing to read, but not nothing there. */
const DANGLING_MARK = 'l';

/**
 * A file's identity and version without reading it: device, inode, size, mtime and ctime in
 * nanoseconds. ctime cannot be set from user space, so an edit that restores size and mtime
 * (`touch -r`) still changes the stamp. `null`: the file does not exist (or cannot be stat'ed).
 */
export function fileStamp(path: string): string | null {
  try {
    // A missing file is the common case (the trust store before any approval): no exception for it.
    const s = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (s === undefined) return danglingStamp(path);
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.isFile() ? 'f' : s.isDirectory() ? 'd' : 'o'}`;
  } catch {
    return null;
  }
}

/**
 * A link to nothing has a stamp of its own, so that putting one where a script was missing moves
 * the stamp and the engine looks again (and finds it unreadable, which is never trusted).
 */
function danglingStamp(path: string): string | null {
  const link = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  if (!link?.isSymbolicLink()) return null;
  return `${link.dev}:${link.ino}:${link.ctimeNs}:${DANGLING_MARK}`;
}

/**
 * Every file consulted while fingerprinting a project, with its stamp taken before it was read:
 * an edit after the read changes the stamp, so the dispatch-time re-check (stamps first, hashes
 * only when one moved) cannot miss it. Reads are cached, so one file is read once per fingerprint.
 */
export class FileProbe {
  readonly stamps = new Map<string, string | null>();
  /**
   * Files that are there but could not be read (a link to nothing, a named pipe, no permission),
   * with the reader's reason: what a hook runs is then unknown (fingerprint.ts).
   */
  readonly unreadable = new Map<string, string>();
  private readonly contents = new Map<string, Buffer | null>();

  /**
   * A link to nothing is 'missing' here (nothing to hash); `read` says why it is not read. 'other'
   * is a named pipe, a device or a socket: never read, and `read` records why.
   */
  kind(path: string): 'file' | 'directory' | 'missing' | 'other' {
    const stamp = this.stamp(path);
    if (stamp === null || stamp.endsWith(`:${DANGLING_MARK}`)) return 'missing';
    if (stamp.endsWith(':f')) return 'file';
    return stamp.endsWith(':d') ? 'directory' : 'other';
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
    } catch (error) {
      data = null;
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      if (!ABSENT_CODES.has(code))
        this.unreadable.set(path, error instanceof Error ? error.message : String(error));
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
