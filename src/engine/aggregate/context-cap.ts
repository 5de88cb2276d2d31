import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateSpillDir, SPILL_FILE_MODE } from './spill-dir.ts';

const PREVIEW_CHARS = 2_000;
let spillCounter = 0;

/**
 * claude-code-hooks.md §3.2: hook output strings over the cap are written to a file in the
 * session directory and replaced by a short preview plus the path.
 */
export function createContextCapper(
  capChars: number,
  sessionId: string,
  baseDir?: string,
): (text: string) => string {
  return (text) => {
    if (text.length <= capChars) return text;
    // tmpdir() reads the environment: only pay for it when something spills.
    const place = privateSpillDir(baseDir ?? tmpdir(), sanitize(sessionId));
    const preview = `${text.slice(0, PREVIEW_CHARS)}\n… [output truncated: ${text.length} characters;`;
    if ('refused' in place) return `${preview} the full text was not kept: ${place.refused}]`;
    spillCounter += 1;
    const file = join(place.dir, `hook-output-${process.pid}-${Date.now()}-${spillCounter}.txt`);
    // wx: never write through a file (or link) that is already there.
    writeFileSync(file, text, { mode: SPILL_FILE_MODE, flag: 'wx' });
    return `${preview} the full text is in ${file}]`;
  };
}

function sanitize(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_') || 'session';
}
