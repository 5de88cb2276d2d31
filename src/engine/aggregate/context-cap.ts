import { SpillStore } from './spill-store.ts';

const PREVIEW_CHARS = 2_000;

/**
 * claude-code-hooks.md §3.2: hook output strings over the cap are written to a file in the
 * session directory and replaced by a short preview plus the path.
 */
export function createContextCapper(
  capChars: number,
  sessionId: string,
  spills: SpillStore = new SpillStore(),
): (text: string) => string {
  return (text) => {
    if (text.length <= capChars) return text;
    const place = spills.write(sessionId, text);
    const preview = `${text.slice(0, PREVIEW_CHARS)}\n… [output truncated: ${text.length} characters;`;
    if ('refused' in place) return `${preview} the full text was not kept: ${place.refused}]`;
    return `${preview} the full text is in ${place.file}]`;
  };
}
