import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
    const dir = join(baseDir ?? tmpdir(), 'agent-hooks', sanitize(sessionId));
    mkdirSync(dir, { recursive: true });
    spillCounter += 1;
    const file = join(dir, `hook-output-${process.pid}-${Date.now()}-${spillCounter}.txt`);
    writeFileSync(file, text);
    return `${text.slice(0, PREVIEW_CHARS)}\n… [output truncated: ${text.length} characters; the full text is in ${file}]`;
  };
}

function sanitize(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_') || 'session';
}
