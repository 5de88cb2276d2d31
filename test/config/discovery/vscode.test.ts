import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { commandOf } from '../generation/settings-fixtures.ts';

const TREE = path.resolve(import.meta.dirname, '../../fixtures/trees/vscode');

function load(vscodeSettings: Parameters<typeof loadConfig>[0]['vscodeSettings'], noUser = false) {
  return loadConfig({
    profile: 'vscode',
    cwd: path.join(TREE, 'project'),
    homeDir: path.join(TREE, 'home'),
    vscodeSettings: { useClaudeHooks: true, ...vscodeSettings },
    noUser,
  });
}

describe('vscode discovery: chat.hookFilesLocations (seed 000, other-agents-hooks.md §2.2)', () => {
  it('defaults: .github/hooks folder, .claude settings files and ~/.claude/settings.json', async () => {
    const gen = await load({});
    expect(gen.locations.map((l) => [l.pattern, l.status])).toEqual([
      ['.github/hooks/*.json', 'found'],
      ['.claude/settings.local.json', 'missing'],
      ['.claude/settings.json', 'found'],
      ['~/.claude/settings.json', 'found'],
      ['.github/agents/*.agent.md', 'disabled'],
    ]);
    expect(gen.handlers.map(commandOf)).toEqual(['echo ws-pre', 'echo claude-pre', 'echo user-claude-pre']);
  });

  it('custom entries add a folder (every *.json) or a single ~ file; workspace hooks come before user hooks', async () => {
    const gen = await load({
      hookFilesLocations: { '~/my-hooks/security.json': true, 'custom/hooks': true },
    });
    expect(gen.handlers.map(commandOf)).toEqual([
      'echo ws-pre',
      'echo claude-pre',
      'echo custom-post',
      'echo user-claude-pre',
      'echo user-security',
    ]);
    const security = gen.locations.find((l) => l.pattern === '~/my-hooks/security.json')!;
    expect(security).toMatchObject({ scope: 'user', userLevel: true, status: 'found' });
  });

  it('false turns a location off, defaults included, and the report says why', async () => {
    const gen = await load({
      hookFilesLocations: { '.claude/settings.json': false, '~/.claude/settings.json': false },
    });
    expect(gen.handlers.map(commandOf)).toEqual(['echo ws-pre']);
    const off = gen.locations.filter((l) => l.status === 'disabled').map((l) => l.reason);
    expect(off).toContain('chat.hookFilesLocations[".claude/settings.json"] is false');
    expect(off).toContain('chat.hookFilesLocations["~/.claude/settings.json"] is false');
  });

  it('rejects absolute paths with a diagnostic and keeps loading the rest', async () => {
    const gen = await load({ hookFilesLocations: { '/etc/hooks.json': true, 'C:\\hooks': true } });
    const rejected = gen.diagnostics.filter((d) => d.code === 'CONFIG_LOCATION_REJECTED');
    expect(rejected.map((d) => d.found)).toEqual(['/etc/hooks.json', 'C:\\hooks']);
    expect(gen.locations.filter((l) => l.status === 'error')).toHaveLength(2);
    expect(gen.handlers.length).toBeGreaterThan(0);
  });

  it('--no-user switches off ~ locations', async () => {
    const gen = await load({ hookFilesLocations: { '~/my-hooks/security.json': true } }, true);
    expect(gen.handlers.some((h) => h.source.scope === 'user')).toBe(false);
    expect(gen.locations.filter((l) => l.userLevel).every((l) => l.status === 'disabled')).toBe(true);
  });

  it('agent frontmatter is read only with chat.useCustomAgentHooks', async () => {
    const on = await load({ useCustomAgentHooks: true });
    expect(on.locations.find((l) => l.pattern === '.github/agents/*.agent.md')?.status).toBe('found');
    const off = await load({});
    expect(off.locations.find((l) => l.pattern === '.github/agents/*.agent.md')).toMatchObject({
      status: 'disabled',
      reason: 'chat.useCustomAgentHooks is off',
    });
  });

  it('Claude-format files are listed but skipped unless chat.useClaudeHooks is on', async () => {
    const gen = await loadConfig({
      profile: 'vscode',
      cwd: path.join(TREE, 'project'),
      homeDir: path.join(TREE, 'home'),
    });
    expect(gen.handlers.map(commandOf)).toEqual(['echo ws-pre']);
    expect(gen.skipped.map((s) => s.code)).toEqual(['CONFIG_CLAUDE_HOOKS_OFF', 'CONFIG_CLAUDE_HOOKS_OFF']);
  });
});
