// The spills of one engine: where they go, which files it wrote, and when they are deleted.
// The rule (docs/security.md): a session's folder goes at its SessionEnd, any folder idle for a
// day goes at the next engine start or spill, and close() deletes what this engine wrote unless
// the engine is one run of a longer session (the CLI, the bridge, the server), where the host's
// model may still read the file after the process exits.
import { rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deleteSessionSpills, sweepStaleSpills } from './spill-cleanup.ts';
import { privateSpillDir, SPILL_FILE_MODE } from './spill-dir.ts';

let spillCounter = 0;

export class SpillStore {
  readonly #base: string | undefined;
  readonly #written = new Set<string>();

  /** `base`: the folder the spill root goes in (default: the OS temp folder, read when first needed). */
  constructor(base?: string) {
    this.#base = base;
  }

  get base(): string {
    // tmpdir() reads the environment: only pay for it when a spill or a cleanup needs it.
    return this.#base ?? tmpdir();
  }

  /** Writes `text` to a new file in the session's private folder; the reason when it cannot. */
  write(sessionId: string, text: string): { file: string } | { refused: string } {
    const base = this.base;
    sweepStaleSpills(base);
    const place = privateSpillDir(base, sessionId);
    if ('refused' in place) return place;
    spillCounter += 1;
    const file = join(place.dir, `hook-output-${process.pid}-${Date.now()}-${spillCounter}.txt`);
    try {
      // wx: never write through a file (or link) that is already there.
      writeFileSync(file, text, { mode: SPILL_FILE_MODE, flag: 'wx' });
    } catch (error) {
      // A full disk or a file size limit must cost the full text, never the dispatch (and with
      // it another hook's deny): the preview and this reason reach the model instead.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') removePartial(file);
      return { refused: `${file} could not be written: ${(error as Error).message}` };
    }
    this.#written.add(file);
    return { file };
  }

  /** Engine start: folders idle for a day go (throttled per process). */
  sweep(): void {
    sweepStaleSpills(this.base);
  }

  /** SessionEnd: the session's folder goes, whoever wrote it; why not, when something was in the way. */
  endSession(sessionId: string): string | undefined {
    return deleteSessionSpills(this.base, sessionId);
  }

  /** close() of an engine that owns its sessions: the files it wrote go (best effort). */
  deleteWritten(): void {
    const folders = new Set<string>();
    for (const file of this.#written) {
      folders.add(dirname(file));
      try {
        unlinkSync(file);
      } catch {
        // Already gone (SessionEnd, the sweep, the OS): nothing left to delete.
      }
    }
    this.#written.clear();
    for (const folder of folders) {
      try {
        rmdirSync(folder);
      } catch {
        // Another process still has spills of the session there (or it is gone): it stays.
      }
    }
  }
}

/** A write that failed half way leaves a truncated file; it is not the text, so it goes. */
function removePartial(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Never created (the open failed) or already gone.
  }
}
