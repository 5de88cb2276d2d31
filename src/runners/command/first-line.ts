/** A first stdout line longer than this is not an async marker; stop buffering it. */
const FIRST_LINE_MAX_CHARS = 64 * 1024;

/**
 * Buffers stdout until its first complete line and hands that line to `onLine` once
 * (claude-code-hooks.md §3.2: a first line `{"async":true,…}` backgrounds the hook). Returns the
 * chunk consumer; it reports `false` once it no longer needs chunks.
 */
export function firstLineWatcher(onLine: (line: string) => void): (chunk: Buffer) => boolean {
  let buffered: string | undefined = '';
  return (chunk) => {
    if (buffered === undefined) return false;
    buffered += chunk.toString('utf8');
    const end = buffered.indexOf('\n');
    if (end === -1) {
      if (buffered.length > FIRST_LINE_MAX_CHARS) buffered = undefined;
      return buffered !== undefined;
    }
    const line = buffered.slice(0, end);
    buffered = undefined;
    onLine(line);
    return false;
  };
}
