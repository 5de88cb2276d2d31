import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDescriptorFully } from '../../src/cli/cli-io.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// Issue 16 item 4: the CLI reads the host's payload with blocking reads of its descriptor; one
// that would block (EAGAIN) hands over to a stream without losing what was already read.
describe('reading standard input', () => {
  it('keeps the part read before the descriptor would block, and reads the rest from the stream', async () => {
    const fifo = join(tempDir('read-stdin'), 'payload');
    execFileSync('mkfifo', [fifo]);
    // Opened non-blocking for reading first, so the writer's open does not wait.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    writeSync(writer, '{"tool_name":"Bash",');
    let streamStarted = false;
    const text = readDescriptorFully(reader, () => {
      streamStarted = true;
      return new Socket({ fd: reader, readable: true, writable: false });
    });
    // The first half was there, the writer is still open: the reader had to switch to the stream.
    expect(streamStarted).toBe(true);
    writeSync(writer, '"tool_input":{"command":"ls"}}');
    closeSync(writer);
    expect(JSON.parse(await text)).toEqual({ tool_name: 'Bash', tool_input: { command: 'ls' } });
  });

  it('reads a closed standard input as empty, as before', () => {
    // `<&-`: descriptor 0 is closed when the CLI starts; the bridge finds no payload, exit 1.
    const script = 'exec "$0" "$1" bridge --host claude-code --no-user <&- 2>&1; echo "exit $?"';
    let out = '';
    try {
      out = execFileSync('/bin/sh', ['-c', script, process.execPath, builtBinPath()], { encoding: 'utf8' });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout);
    }
    expect(out).toMatch(/BRIDGE_BAD_INPUT: stdin is empty/);
  });
});
