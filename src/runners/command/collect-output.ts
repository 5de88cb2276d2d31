import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { DEFAULT_MAX_OUTPUT_BYTES, OutputCollector } from './output-collector.ts';
import { ProgressLineSplitter } from './progress-lines.ts';

export interface OutputOptions {
  maxOutputBytes?: number;
  /** Separate Copilot progress lines from stdout (copilot dialects). */
  progressLines?: boolean;
  onProgress?: (message: string) => void;
  /** Partial output as it arrives, decoded per stream (multi-byte characters never split). */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
}

/** What a hook printed, once its streams are done. */
export interface CollectedOutput {
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** Copilot progress lines taken out of stdout, when they are separated. */
  progress?: string[];
}

/**
 * Reads a hook's stdout and stderr as they arrive: capped collectors, progress lines split off,
 * live decoded output for telemetry, and `onStdoutChunk` (the first-line watcher) first in line.
 * `finish()` stops reading (a lingering descendant may hold the pipes) and returns the texts.
 */
export function collectOutput(
  child: ChildProcess,
  opts: OutputOptions,
  onStdoutChunk?: (chunk: Buffer) => boolean,
): { finish(): CollectedOutput } {
  const maxBytes = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const splitter = opts.progressLines ? new ProgressLineSplitter(opts.onProgress) : undefined;
  const out = new OutputCollector(maxBytes, splitter && ((text) => splitter.write(text)));
  const err = new OutputCollector(maxBytes);
  const live = opts.onOutput;
  const liveOut = live ? new StringDecoder('utf8') : undefined;
  const liveErr = live ? new StringDecoder('utf8') : undefined;
  let watching = onStdoutChunk;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (watching && !watching(chunk)) watching = undefined;
    out.write(chunk);
    if (liveOut) live?.('stdout', liveOut.write(chunk));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err.write(chunk);
    if (liveErr) live?.('stderr', liveErr.write(chunk));
  });
  child.stdout?.on('error', () => {});
  child.stderr?.on('error', () => {});
  return {
    finish() {
      child.stdout?.destroy();
      child.stderr?.destroy();
      const stderr = err.finish();
      out.finish();
      return {
        stdout: splitter ? splitter.finish() : out.text(),
        stderr,
        stdoutTruncated: out.truncated,
        stderrTruncated: err.truncated,
        ...(splitter ? { progress: splitter.messages } : {}),
      };
    },
  };
}
