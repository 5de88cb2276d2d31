import { SpillStore } from './spill-store.ts';

const PREVIEW_CHARS = 2_000;

/**
 * claude-code-hooks.md §3.2: hook output strings over the cap are written to a file in the
 * session directory and replaced by a short preview plus the path. When the file cannot be
 * written, the preview says why and `onRefused` hears the reason (the dispatch turns it into a
 * coded diagnostic, so the lost text is not only visible to the model).
 */
export function createContextCapper(
  capChars: number,
  sessionId: string,
  spills: SpillStore = new SpillStore(),
  onRefused: (reason: string) => void = () => {},
): (text: string) => string {
  return (text) => {
    if (text.length <= capChars) return text;
    const place = spills.write(sessionId, text);
    const preview = `${text.slice(0, PREVIEW_CHARS)}\n… [output truncated: ${text.length} characters;`;
    if ('refused' in place) {
      onRefused(place.refused);
      return `${preview} the full text was not kept: ${place.refused}]`;
    }
    return `${preview} the full text is in ${place.file}]`;
  };
}
