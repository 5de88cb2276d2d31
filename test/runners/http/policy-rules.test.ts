import { describe, expect, it } from 'vitest';
import { checkUrlAllowlist } from '../../../src/config/policy/url-allowlist.ts';
import { checkCopilotUrl, isLoopbackHost } from '../../../src/runners/http/copilot-rules.ts';
import { effectiveAllowedEnvVars, interpolateHeaders } from '../../../src/runners/http/header-env.ts';

describe('checkUrlAllowlist (claude-code-hooks.md §4.3, §6.2)', () => {
  it('allows everything when unset and nothing when empty', () => {
    expect(checkUrlAllowlist('https://a.test/x', undefined).allowed).toBe(true);
    const none = checkUrlAllowlist('https://a.test/x', []);
    expect(none).toMatchObject({ allowed: false, patterns: [] });
    if (!none.allowed) expect(none.message).toContain('empty list');
  });

  it('matches * across any characters, anchored at both ends', () => {
    const patterns = ['https://hooks.example.com/*'];
    expect(checkUrlAllowlist('https://hooks.example.com/a/b?c=1', patterns)).toEqual({
      allowed: true,
      pattern: patterns[0],
    });
    expect(checkUrlAllowlist('https://hooks.example.com.evil.test/x', patterns).allowed).toBe(false);
    expect(checkUrlAllowlist('http://hooks.example.com/x', patterns).allowed).toBe(false);
    expect(checkUrlAllowlist('https://evil.test/?https://hooks.example.com/', patterns).allowed).toBe(false);
    expect(checkUrlAllowlist('https://a.example.com/x', ['https://*.example.com/*']).allowed).toBe(true);
  });

  it('escapes regex characters in patterns', () => {
    expect(checkUrlAllowlist('https://hooksXexample.com/x', ['https://hooks.example.com/*']).allowed).toBe(
      false,
    );
    expect(checkUrlAllowlist('https://h.test/a+b', ['https://h.test/a+b']).allowed).toBe(true);
  });

  it('compares hosts case-insensitively and ignores a trailing FQDN dot', () => {
    const patterns = ['https://Hooks.Example.com/*'];
    expect(checkUrlAllowlist('https://HOOKS.example.COM/x', patterns).allowed).toBe(true);
    expect(checkUrlAllowlist('https://hooks.example.com./x', patterns).allowed).toBe(true);
    expect(checkUrlAllowlist('https://hooks.example.com/X', ['https://hooks.example.com/x']).allowed).toBe(
      false,
    );
  });

  it('a dot segment cannot step out of an allowed path: the normalised URL is what is requested (issue 13)', () => {
    const allowed = ['https://ok.example/api/*'];
    expect(checkUrlAllowlist('https://ok.example/api/./x', allowed).allowed).toBe(true);
    for (const url of [
      'https://ok.example/api/../admin',
      'https://ok.example/api/%2e%2e/admin',
      'https://ok.example/api/.%2E/admin',
      'https://ok.example/api\\..\\admin',
    ]) {
      expect(checkUrlAllowlist(url, allowed).allowed, url).toBe(false);
    }
  });

  it('lists every pattern when it blocks', () => {
    const verdict = checkUrlAllowlist('https://x.test/', ['https://a.test/*', 'http://localhost:*/*']);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.patterns).toEqual(['https://a.test/*', 'http://localhost:*/*']);
      expect(verdict.message).toContain('"https://a.test/*", "http://localhost:*/*"');
    }
  });
});

describe('header interpolation', () => {
  it('intersects the hook list with the policy list when the policy sets one', () => {
    expect([...effectiveAllowedEnvVars(['A', 'B'], undefined)]).toEqual(['A', 'B']);
    expect([...effectiveAllowedEnvVars(['A', 'B'], ['B', 'C'])]).toEqual(['B']);
    expect([...effectiveAllowedEnvVars(['A'], [])]).toEqual([]);
    expect([...effectiveAllowedEnvVars(undefined, ['A'])]).toEqual([]);
  });

  it('resolves only allowed names and reports withheld and unset ones by name', () => {
    const out = interpolateHeaders(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal header syntax under test
      { X: '$A-${B}-$C-${lower}-$$A', Y: 'plain', 'Transfer-Encoding': 'chunked' },
      new Set(['A', 'C']),
      { A: 'a', B: 'b' },
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal header syntax under test
    expect(out.headers).toEqual({ X: 'a---${lower}-$a', Y: 'plain' });
    expect(out.withheld).toEqual(['B']);
    expect(out.unset).toEqual(['C']);
  });

  it('removes CR, LF and NUL from resolved values', () => {
    const out = interpolateHeaders({ X: '$A' }, new Set(['A']), { A: 'a\r\nb\0c' });
    expect(out.headers.X).toBe('abc');
  });
});

describe('Copilot transport rules (other-agents-hooks.md §1.1)', () => {
  const on = { COPILOT_HOOK_ALLOW_LOCALHOST: '1' };
  const check = (url: string, event: 'Stop' | 'PreToolUse' = 'Stop', env = {}, vars?: string[]) =>
    checkCopilotUrl(new URL(url), 'copilot', event, vars, env).allowed;

  it('accepts https always and ignores other dialects', () => {
    expect(check('https://h.test/x', 'PreToolUse')).toBe(true);
    expect(checkCopilotUrl(new URL('http://h.test/'), 'claude', 'PreToolUse', undefined, {}).allowed).toBe(
      true,
    );
    expect(checkCopilotUrl(new URL('http://h.test/'), 'vscode', 'Stop', undefined, {}).allowed).toBe(true);
  });

  it('accepts plain http only to loopback with the switch on', () => {
    expect(check('http://localhost:8080/x')).toBe(false);
    expect(check('http://localhost:8080/x', 'Stop', on)).toBe(true);
    expect(check('http://127.9.9.9/x', 'Stop', on)).toBe(true);
    expect(check('http://[::1]/x', 'Stop', on)).toBe(true);
    expect(check('http://h.test/x', 'Stop', on)).toBe(false);
    expect(check('http://10.0.0.1/x', 'Stop', on)).toBe(false);
    expect(check('http://localhost/x', 'Stop', { COPILOT_HOOK_ALLOW_LOCALHOST: 'true' })).toBe(false);
  });

  it('never accepts plain http for preToolUse, permissionRequest or hooks with allowedEnvVars', () => {
    expect(check('http://localhost/x', 'PreToolUse', on)).toBe(false);
    expect(
      checkCopilotUrl(new URL('http://localhost/'), 'copilot', 'PermissionRequest', [], on).allowed,
    ).toBe(false);
    expect(check('http://localhost/x', 'Stop', on, ['TOKEN'])).toBe(false);
  });

  it('recognises loopback hosts', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['localhost.evil.test', '128.0.0.1', '::2', 'example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
