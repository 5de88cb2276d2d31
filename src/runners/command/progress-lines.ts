/**
 * Separates Copilot CLI progress lines from a hook's stdout. A progress line is a single-line
 * JSON object `{"type":"progress","message":"…"}`; every other line stays in the output
 * (other-agents-hooks.md §1.4 "Progress lines").
 */
export class ProgressLineSplitter {
  private pending = '';
  private readonly kept: string[] = [];
  readonly messages: string[] = [];

  constructor(private readonly onProgress?: (message: string) => void) {}

  write(text: string): void {
    let start = 0;
    let newline = text.indexOf('\n');
    if (newline === -1) {
      this.pending += text;
      return;
    }
    let line = this.pending + text.slice(0, newline + 1);
    this.pending = '';
    for (;;) {
      this.takeLine(line);
      start = newline + 1;
      newline = text.indexOf('\n', start);
      if (newline === -1) break;
      line = text.slice(start, newline + 1);
    }
    this.pending = text.slice(start);
  }

  /** The output with progress lines removed; call once at the end. */
  finish(): string {
    if (this.pending !== '') this.takeLine(this.pending);
    this.pending = '';
    return this.kept.join('');
  }

  private takeLine(line: string): void {
    const message = progressMessage(line);
    if (message === undefined) {
      this.kept.push(line);
      return;
    }
    this.messages.push(message);
    this.onProgress?.(message);
  }
}

function progressMessage(line: string): string | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.includes('"progress"')) return undefined;
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { type, message } = value as { type?: unknown; message?: unknown };
    return type === 'progress' && typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
