// Taking back a write that a later one made pointless: a command that writes several files and
// fails at one puts back the ones it wrote before it, so the project is as it was (`init`,
// `bridge install`).
import { mkdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyConfigWrite, type ConfigWrite } from './config-write.ts';

/** Puts back what one write changed. */
export type Undo = () => void;

/** Removes the folders `mkdirSync` made for `file`, from its own up to the first one it made. */
export function removeMadeFolders(file: string, made: string | undefined): void {
  if (made === undefined) return;
  for (let dir = dirname(file); dir.startsWith(made); dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return; // Something else is in it now: it stays, with the folders above it.
    }
  }
}

/**
 * `applyConfigWrite`, and how to take it back: a file it created goes again with the folders made
 * for it; a file it changed gets its previous text, written as any write is (mode, owner, through
 * a link to the file it points to).
 */
export function applyUndoably(write: ConfigWrite): Undo {
  if (write.before === write.after) return () => {};
  const { before } = write;
  if (before === undefined) {
    const made = mkdirSync(dirname(write.file), { recursive: true });
    try {
      applyConfigWrite(write);
    } catch (error) {
      removeMadeFolders(write.file, made);
      throw error;
    }
    return () => {
      unlinkSync(write.file);
      removeMadeFolders(write.file, made);
    };
  }
  applyConfigWrite(write);
  return () => applyConfigWrite({ ...write, before: write.after, after: before });
}
