import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFsScope } from '../../../src/runners/llm/agent-fs.ts';
import { GLOB_MAX_ENTRIES } from '../../../src/runners/llm/agent-glob.ts';
import {
  GREP_MAX_LINE_CHARS,
  GREP_MAX_MATCHES,
  GREP_TIME_LIMIT_MS,
} from '../../../src/runners/llm/agent-grep.ts';
import { READ_MAX_BYTES } from '../../../src/runners/llm/agent-read.ts';
import { type AgentTool, createAgentTools } from '../../../src/runners/llm/agent-tools.ts';
import { fifo, releaseFifos } from '../../helpers/fifo.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

// Everything an agent hook's model sends its tools is model-controlled: each tool must end, and
// end small, whatever it is given. A test that hangs here hung the tool before the fix.
let base: string;
let project: string;
let tools: Map<string, AgentTool>;
const signal = new AbortController().signal;

/**
 * A directory graph of symlinks, not a loop: each of `levels` directories holds `fanOut` links to
 * the next, so a crawl that follows them sees fanOut^levels paths (10^8 here) in a few inodes.
 */
function symlinkBomb(dir: string, levels = 8, fanOut = 10): void {
  for (let level = 0; level <= levels; level++)
    mkdirSync(join(dir, `level-${level}-dir`), { recursive: true });
  for (let level = 0; level < levels; level++) {
    for (let i = 0; i < fanOut; i++) {
      symlinkSync(join(dir, `level-${level + 1}-dir`), join(dir, `level-${level}-dir`, `link-${i}`));
    }
  }
}

beforeAll(async () => {
  base = tempDir('tool-bounds');
  project = join(base, 'project');
  mkdirSync(project);
  writeFileSync(join(base, 'transcript.jsonl'), '{"t":1}\n');
  const scope = await createFsScope(project, [join(base, 'transcript.jsonl'), '/dev/zero']);
  tools = new Map(createAgentTools(scope, { shell: false, env: {} }).map((t) => [t.spec.name, t]));
});
afterEach(() => releaseFifos());

const call = (name: string, input: Record<string, unknown>) => tools.get(name)!.execute(input, signal);

describe('Read is bounded (claude-code-hooks.md §4.6 tools)', () => {
  it('refuses a named pipe with a coded error instead of waiting for a writer', {
    timeout: 5_000,
  }, async () => {
    fifo(join(project, 'pipe'));
    const r = await call('Read', { file_path: 'pipe' });
    expect(r.isError).toBe(true);
    expect(r.output).toMatch(/^RUNNER_AGENT_TOOL_NOT_A_FILE: pipe is a named pipe \(FIFO\)/);
  });

  it('refuses /dev/zero (a readable extra file here) instead of reading without end', {
    timeout: 5_000,
  }, async () => {
    const r = await call('Read', { file_path: '/dev/zero' });
    expect(r.isError).toBe(true);
    expect(r.output).toMatch(/^RUNNER_AGENT_TOOL_NOT_A_FILE: \/dev\/zero is a device/);
  });

  it('shows at most READ_MAX_BYTES of a long line and says where it stopped', async () => {
    writeFileSync(join(project, 'minified.js'), `${'x'.repeat(4 * READ_MAX_BYTES)}\nsecond\n`);
    const r = await call('Read', { file_path: 'minified.js' });
    const [first, note] = r.output.split('\n');
    expect(first).toBe(`     1\t${'x'.repeat(READ_MAX_BYTES)}`);
    expect(note).toBe(
      `… (RUNNER_AGENT_TOOL_LIMIT: truncated at ${READ_MAX_BYTES} bytes, inside line 1 (the rest of it is not shown); read on with offset=2)`,
    );
    expect((await call('Read', { file_path: 'minified.js', offset: 2 })).output).toBe(
      '     2\tsecond\n     3\t',
    );
  });

  it('reads lines far into a file larger than one Read shows', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1} ${'-'.repeat(40)}`);
    writeFileSync(join(project, 'big.log'), lines.join('\n'));
    const r = await call('Read', { file_path: 'big.log', offset: 19_999, limit: 5 });
    expect(r.output).toBe(` 19999\t${lines[19_998]}\n 20000\t${lines[19_999]}`);
    const head = await call('Read', { file_path: 'big.log' });
    expect(head.output).toMatch(/read on with offset=\d+\)$/);
    expect(head.output.length).toBeLessThan(READ_MAX_BYTES + 2_000 * 8 + 200);
  });
});

describe('Grep is bounded', () => {
  it(`stops a backtracking pattern after ${GREP_TIME_LIMIT_MS} ms with a coded error`, {
    timeout: GREP_TIME_LIMIT_MS + 10_000,
  }, async () => {
    const dir = join(project, 'redos');
    mkdirSync(dir);
    writeFileSync(join(dir, 'input.txt'), `${'a'.repeat(33)}!\n`);
    const r = await call('Grep', { pattern: '(a+)+$', path: 'redos' });
    expect(r.isError).toBe(true);
    expect(r.output).toMatch(/^RUNNER_AGENT_TOOL_TIMEOUT: Grep stopped after 10000 ms/);
  });

  it('says when it stopped at its match limit', async () => {
    const dir = join(project, 'many');
    mkdirSync(dir);
    writeFileSync(join(dir, 'hits.txt'), 'hit\n'.repeat(GREP_MAX_MATCHES + 50));
    const lines = (await call('Grep', { pattern: '^hit', path: 'many' })).output.split('\n');
    expect(lines).toHaveLength(GREP_MAX_MATCHES + 1);
    expect(lines.at(-1)).toBe(
      `… (RUNNER_AGENT_TOOL_LIMIT: stopped at ${GREP_MAX_MATCHES} matches; narrow the path or glob)`,
    );
  });

  it('shows a long matching line shortened', async () => {
    const dir = join(project, 'minified');
    mkdirSync(dir);
    const long = `hit ${'y'.repeat(2 * GREP_MAX_LINE_CHARS)}`;
    writeFileSync(join(dir, 'bundle.js'), long);
    const r = await call('Grep', { pattern: '^hit', path: 'minified' });
    expect(r.output).toBe(`minified/bundle.js:1:${long.slice(0, GREP_MAX_LINE_CHARS)}`);
  });

  it('skips a named pipe behind a symlink and says so', { timeout: 5_000 }, async () => {
    const dir = join(project, 'piped');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.txt'), 'needle\n');
    symlinkSync(fifo(join(base, 'pipe-target')), join(dir, 'pipe-link'));
    // The target is outside the project: left out before any read.
    const r = await call('Grep', { pattern: 'needle', path: 'piped' });
    expect(r.output).toBe('piped/a.txt:1:needle\n(left out: 1 outside the project or symlinks to nothing)');
    const inside = join(dir, 'pipe-inside');
    fifo(inside);
    symlinkSync(inside, join(dir, 'pipe-link-inside'));
    const again = await call('Grep', { pattern: 'needle', path: 'piped' });
    expect(again.output).toContain('(files skipped: 1 not a regular file)');
  });
});

describe('Glob is bounded', () => {
  it(`stops a crawl after ${GLOB_MAX_ENTRIES} entries and says the list is partial`, async () => {
    symlinkBomb(join(project, 'bomb'));
    const r = await call('Glob', { pattern: '**/*.txt', path: 'bomb' });
    expect(r.output).toBe(
      `no files found\n… (RUNNER_AGENT_TOOL_LIMIT: listing stopped after ${GLOB_MAX_ENTRIES} directory entries; the list is partial, narrow the pattern or path)`,
    );
  });

  it('does not crawl through a symlink leading outside the project', async () => {
    symlinkBomb(join(base, 'outside-bomb'));
    const dir = join(project, 'linked');
    mkdirSync(dir);
    symlinkSync(join(base, 'outside-bomb'), join(dir, 'out'));
    expect((await call('Glob', { pattern: '**/*.txt', path: 'linked' })).output).toBe('no files found');
  });
});
