import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { httpPolicyFor, urlAllowed } from '../../../src/config/policy/index.ts';
import { makeTree, type TreeSpec } from '../../helpers/temp-dir.ts';
import { claudeHooks, commandOf } from './settings-fixtures.ts';

async function claudeTree(files: TreeSpec) {
  const root = makeTree(files);
  return loadConfig({
    profile: 'claude-code',
    cwd: path.join(root, 'p'),
    homeDir: path.join(root, 'home'),
    managedDir: path.join(root, 'managed'),
  });
}

const base: TreeSpec = {
  'managed/managed-settings.json': claudeHooks({ PreToolUse: ['echo managed'] }),
  'p/.claude/settings.json': claudeHooks({ PreToolUse: ['echo project'] }),
  'home/.claude/settings.json': claudeHooks({ Stop: ['echo user'] }),
};

describe('Claude Code policy keys (claude-code-hooks.md §6.2)', () => {
  it('a non-managed disableAllHooks turns off every hook except managed ones', async () => {
    const gen = await claudeTree({
      ...base,
      'p/.claude/settings.local.json': { disableAllHooks: true },
    });
    expect(gen.handlers.map(commandOf)).toEqual(['echo managed']);
    expect(gen.skipped.map((s) => s.source.scope)).toEqual(['project', 'user']);
    expect(gen.skipped[0]!.why).toMatch(/settings\.local\.json.*managed hooks keep running/);
  });

  it('disableAllHooks in managed settings turns off managed hooks too', async () => {
    const gen = await claudeTree({
      ...base,
      'managed/managed-settings.d/50-off.json': { disableAllHooks: true },
    });
    expect(gen.handlers).toEqual([]);
    expect(gen.skipped).toHaveLength(3);
    expect(gen.skipped.every((s) => s.code === 'CONFIG_HOOKS_DISABLED')).toBe(true);
  });

  it('scalars follow precedence: project false beats user true', async () => {
    const gen = await claudeTree({
      ...base,
      'p/.claude/settings.json': claudeHooks({ PreToolUse: ['echo project'] }, { disableAllHooks: false }),
      'home/.claude/settings.json': claudeHooks({ Stop: ['echo user'] }, { disableAllHooks: true }),
    });
    expect(gen.handlers.map(commandOf)).toEqual(['echo managed', 'echo project', 'echo user']);
    expect(gen.policy.disableAllHooks).toBe(false);
  });

  it('allowManagedHooksOnly from managed settings keeps only managed hooks and reports the rest', async () => {
    const gen = await claudeTree({
      ...base,
      'managed/managed-settings.json': claudeHooks(
        { PreToolUse: ['echo managed'] },
        { allowManagedHooksOnly: true },
      ),
    });
    expect(gen.policy.managedOnly).toBe(true);
    expect(gen.handlers.map(commandOf)).toEqual(['echo managed']);
    expect(gen.skipped.map((s) => s.code)).toEqual(['CONFIG_MANAGED_ONLY', 'CONFIG_MANAGED_ONLY']);
  });

  it('allowManagedHooksOnly outside managed settings is ignored with a warning', async () => {
    const gen = await claudeTree({
      ...base,
      'p/.claude/settings.json': claudeHooks(
        { PreToolUse: ['echo project'] },
        { allowManagedHooksOnly: true },
      ),
    });
    expect(gen.policy.managedOnly).toBe(false);
    expect(gen.handlers).toHaveLength(3);
    const warning = gen.diagnostics.find((d) => d.code === 'CONFIG_POLICY_KEY_IGNORED')!;
    expect(warning.file).toMatch(/\.claude[\\/]settings\.json$/);
  });

  it('allowedHttpHookUrls are unioned; a URL outside them is skipped; managed hooks obey managed lists only', async () => {
    const http = (url: string) => ({ hooks: { PreToolUse: [{ hooks: [{ type: 'http', url }] }] } });
    const gen = await claudeTree({
      'managed/managed-settings.json': http('https://managed.example.com/hook'),
      'p/.claude/settings.json': {
        ...http('https://evil.example.net/x'),
        allowedHttpHookUrls: ['https://hooks.example.com/*'],
        httpHookAllowedEnvVars: ['A'],
      },
      'home/.claude/settings.json': {
        ...http('https://hooks.example.com/ok'),
        allowedHttpHookUrls: ['https://other.example.com/*'],
        httpHookAllowedEnvVars: ['B', 'A'],
      },
    });
    expect(gen.policy.allowedHttpHookUrls).toEqual([
      'https://other.example.com/*',
      'https://hooks.example.com/*',
    ]);
    expect(gen.policy.httpHookAllowedEnvVars).toEqual(['B', 'A']);
    const urls = gen.handlers.map((h) => (h.type === 'http' ? h.spec.url : ''));
    expect(urls).toEqual(['https://managed.example.com/hook', 'https://hooks.example.com/ok']);
    expect(gen.skipped).toHaveLength(1);
    expect(gen.skipped[0]).toMatchObject({ code: 'CONFIG_HTTP_URL_NOT_ALLOWED' });
    expect(httpPolicyFor(gen.policy, 'managed')).toEqual({});
    expect(httpPolicyFor(gen.policy, 'project').allowedEnvVars).toEqual(['B', 'A']);
  });

  it('an empty allowedHttpHookUrls list forbids every HTTP hook; `*` is the only wildcard', () => {
    expect(urlAllowed('https://a.example.com/x', [])).toBe(false);
    expect(urlAllowed('https://a.example.com/x', undefined)).toBe(true);
    expect(urlAllowed('https://a.example.com/x', ['https://*.example.com/*'])).toBe(true);
    expect(urlAllowed('https://aXexample.com/x', ['https://a.example.com/*'])).toBe(false);
  });

  it('at load time, allowedHttpHookUrls compare as the runner does: case, trailing dot, dot segments (issue 13)', async () => {
    const http = (url: string) => ({ type: 'http', url });
    const gen = await claudeTree({
      'p/.claude/settings.json': {
        allowedHttpHookUrls: ['https://hooks.example.com/api/*'],
        hooks: {
          PreToolUse: [
            {
              hooks: [
                http('HTTPS://Hooks.Example.COM/api/check'),
                http('https://hooks.example.com./api/trailing'),
                http('https://hooks.example.com/api/../admin'),
                http('https://hooks.example.com/api/%2e%2e/admin'),
              ],
            },
          ],
        },
      },
    });
    const urls = gen.handlers.map((h) => (h.type === 'http' ? h.spec.url : ''));
    expect(urls).toEqual(['HTTPS://Hooks.Example.COM/api/check', 'https://hooks.example.com./api/trailing']);
    expect(gen.skipped.map((s) => s.code)).toEqual([
      'CONFIG_HTTP_URL_NOT_ALLOWED',
      'CONFIG_HTTP_URL_NOT_ALLOWED',
    ]);
  });
});
