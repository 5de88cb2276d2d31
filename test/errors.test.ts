import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderErrorsDoc } from '../src/errors/render-docs.ts';
import { diagnostic, ERROR_CODES, HookError } from '../src/errors.ts';

const doc = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');
const documented = [...doc.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);

describe('error catalogue', () => {
  it('documents every code in docs/errors.md', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(documented).toContain(code);
  });

  it('documents no code that does not exist', () => {
    for (const code of documented) expect(Object.keys(ERROR_CODES)).toContain(code);
  });

  it('has a committed docs/errors.md identical to the rendered catalogue', () => {
    expect(doc).toBe(renderErrorsDoc());
  });

  it('gives every code a summary and a fix', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect(info.summary.length, code).toBeGreaterThan(10);
      expect(info.fix.length, code).toBeGreaterThan(10);
    }
  });

  it('builds diagnostics with the catalogue severity unless overridden', () => {
    expect(diagnostic('CONFIG_INVALID_JSON', 'bad', { file: 'a.json', line: 2 })).toEqual({
      severity: 'error',
      code: 'CONFIG_INVALID_JSON',
      message: 'bad',
      file: 'a.json',
      line: 2,
    });
    expect(diagnostic('CONFIG_INVALID_JSON', 'bad', { severity: 'warning' }).severity).toBe('warning');
  });

  it('carries code, cause and source on HookError', () => {
    const cause = new Error('root');
    const source = { file: 'x.json', pointer: '/hooks/Stop/0', scope: 'project' as const };
    const error = new HookError('ENGINE_UNKNOWN_EVENT', 'no such event', { cause, source });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('ENGINE_UNKNOWN_EVENT');
    expect(error.cause).toBe(cause);
    expect(error.source).toBe(source);
  });
});
