// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` here is shell and placeholder syntax under test.
import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  parseEnvExports,
  resolveHookCwd,
  toolInputFilePath,
} from '../../../src/runners/command/environment.ts';
import { expandVariables, substitutePlaceholders } from '../../../src/runners/command/expand.ts';
import { OutputCollector } from '../../../src/runners/command/output-collector.ts';
import { ProgressLineSplitter } from '../../../src/runners/command/progress-lines.ts';

describe('OutputCollector (peer-engines.md §9 item 13)', () => {
  it('keeps a multi-byte character split across chunks', () => {
    const c = new OutputCollector(1024);
    const bytes = Buffer.from('a€😀b');
    for (let i = 0; i < bytes.length; i++) c.write(bytes.subarray(i, i + 1));
    expect(c.finish()).toBe('a€😀b');
    expect(c.truncated).toBe(false);
  });

  it('caps bytes, flags truncation and never emits half a character', () => {
    const c = new OutputCollector(5);
    c.write(Buffer.from('abcd'));
    c.write(Buffer.from('€€'));
    c.write(Buffer.from('more'));
    expect(c.finish()).toBe('abcd');
    expect(c.truncated).toBe(true);
  });

  it('keeps exactly the cap when it falls on a boundary', () => {
    const c = new OutputCollector(4);
    c.write(Buffer.from('ab'));
    c.write(Buffer.from('cd'));
    expect(c.finish()).toBe('abcd');
    expect(c.truncated).toBe(false);
  });
});

describe('ProgressLineSplitter (other-agents-hooks.md §1.4)', () => {
  it('separates progress lines across arbitrary chunking', () => {
    const text =
      '{"type":"progress","message":"one"}\nkeep me\n  {"type":"progress","message":"two","temporary":true}\n{"type":"other"}\n{"decision":"allow"}';
    for (const size of [1, 3, 7, text.length]) {
      const seen: string[] = [];
      const s = new ProgressLineSplitter((m) => seen.push(m));
      for (let i = 0; i < text.length; i += size) s.write(text.slice(i, i + size));
      expect(s.finish()).toBe('keep me\n{"type":"other"}\n{"decision":"allow"}');
      expect(s.messages).toEqual(['one', 'two']);
      expect(seen).toEqual(['one', 'two']);
    }
  });

  it('keeps lines that only look like progress', () => {
    const s = new ProgressLineSplitter();
    s.write('{"type":"progress"}\n{"type":"progress","message":3}\n{"type":"progress" broken\n');
    expect(s.finish()).toBe(
      '{"type":"progress"}\n{"type":"progress","message":3}\n{"type":"progress" broken\n',
    );
    expect(s.messages).toEqual([]);
  });
});

describe('expansion', () => {
  it('expands $VAR and ${VAR}, unknown names to empty', () => {
    const vars: Record<string, string> = { A: 'x', LONG_NAME: 'y' };
    expect(expandVariables('$A-${LONG_NAME}/$MISSING.${A}$', (n) => vars[n])).toBe('x-y/.x$');
  });

  it('substitutes only the given placeholders', () => {
    expect(substitutePlaceholders('${A} ${B} $A', { A: '1' })).toBe('1 ${B} $A');
  });
});

describe('parseEnvExports', () => {
  it('reads export lines with bare, single- and double-quoted values', () => {
    const text =
      'export A=1\nexport B=\'two words\'\nexport C="x \\"y\\" $"\nD=4\n# export E=5\nexport A=last\r\n';
    expect(parseEnvExports(text)).toEqual({ A: 'last', B: 'two words', C: 'x "y" $' });
  });
});

describe('toolInputFilePath (seed 000 Prettier example)', () => {
  it.each([
    [{ tool_input: { file_path: '/a.ts' } }, '/a.ts'],
    [{ tool_input: { filePath: '/b.ts' } }, '/b.ts'],
    [{ tool_input: { path: 'c.ts' } }, 'c.ts'],
    [{ tool_input: { files: ['/d.ts', '/e.ts'] } }, '/d.ts'],
    [{ toolArgs: { filePath: '/f.ts' } }, '/f.ts'],
    [{ toolArgs: '{"path":"/g.ts"}' }, '/g.ts'],
    [{ toolArgs: 'not json' }, undefined],
    [{ tool_input: { command: 'ls' } }, undefined],
  ])('%j → %s', (payload, expected) => {
    expect(toolInputFilePath(payload)).toBe(expected);
  });
});

describe('resolveHookCwd', () => {
  it('resolves relative, absolute and ~ paths', () => {
    expect(resolveHookCwd(undefined, '/proj')).toBe('/proj');
    expect(resolveHookCwd('sub/dir', '/proj')).toBe('/proj/sub/dir');
    expect(resolveHookCwd('/abs', '/proj')).toBe('/abs');
    expect(resolveHookCwd('~', '/proj')).toBe(homedir());
    expect(resolveHookCwd('~/x', '/proj')).toBe(`${homedir()}/x`);
  });
});
