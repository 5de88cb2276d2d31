import { StringDecoder } from 'node:string_decoder';

/** Copilot CLI caps hook output at 10 MiB (other-agents-hooks.md §1.4). */
export const DEFAULT_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

/**
 * Collects one output stream as UTF-8 text. A `StringDecoder` keeps a multi-byte character that
 * is split across chunks intact (peer-engines.md §9 item 13), and the byte cap is enforced while
 * streaming: bytes past it are read and dropped, so the child never blocks on a full pipe and
 * memory stays bounded.
 */
export class OutputCollector {
  private readonly decoder = new StringDecoder('utf8');
  private readonly parts: string[] = [];
  private bytes = 0;
  truncated = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onText?: (text: string) => void,
  ) {}

  write(chunk: Buffer): void {
    if (this.truncated) return;
    const room = this.maxBytes - this.bytes;
    if (chunk.length > room) {
      this.truncated = true;
      // Cut at the cap; an incomplete trailing character stays inside the decoder and is dropped.
      chunk = chunk.subarray(0, room);
    }
    this.bytes += chunk.length;
    const text = this.decoder.write(chunk);
    if (text !== '') this.emit(text);
  }

  /** Flushes the decoder (a truncated stream keeps its partial character out). */
  finish(): string {
    if (!this.truncated) {
      const rest = this.decoder.end();
      if (rest !== '') this.emit(rest);
    }
    return this.text();
  }

  text(): string {
    if (this.parts.length > 1) this.parts.splice(0, this.parts.length, this.parts.join(''));
    return this.parts[0] ?? '';
  }

  private emit(text: string): void {
    if (this.onText) this.onText(text);
    else this.parts.push(text);
  }
}
