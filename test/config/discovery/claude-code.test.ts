import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeLocations } from '../../../src/config/discovery/index.ts';
import type { DiscoveryContext } from '../../../src/config/discovery/types.ts';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { commandOf } from '../generation/settings-fixtures.ts';

const TREE = path.resolve(import.meta.dirname, '../../fixtures/trees/claude-code');

function load(extra: Partial<Parameters<typeof loadConfig>[0]> = {}) {
  return loadConfig({
    profile: 'claude-code',
    cwd: path.join(TREE, 'project'),
    homeDir: path.join(TREE, 'home'),
    managedDir: path.join(TREE, 'managed'),
    settingsFiles: ['../extra-settings.json'],
    pluginDirs: ['../plugin'],
    ...extra,
  });
}

describe('claude-code discovery (claude-code-hooks.md §6.1)', () => {
  it('reads every documented location in precedence order: managed, --settings, local, project, user, plugin, frontmatter', async () => {
    const gen = await load();
    const found = gen.locations.filter((l) => l.status === 'found').map((l) => [l.scope, l.pattern]);
    expect(found).toEqual([
      ['managed', 'managed-settings.json'],
      ['managed', 'managed-settings.d/*.json'],
      ['cli', '--settings'],
      ['local', '.claude/settings.local.json'],
      ['project', '.claude/settings.json'],
      ['user', '~/.claude/settings.json'],
      ['plugin', '<plugin>/hooks/hooks.json'],
      ['frontmatter', '.claude/skills/*/SKILL.md'],
      ['frontmatter', '.claude/agents/*.md'],
    ]);
    expect(gen.handlers.map(commandOf)).toEqual([
      'echo managed-guard',
      'echo managed-start',
      'echo from-cli',
      'echo local-post',
      'echo project-bash',
      'echo shared',
      'echo shared',
      'echo user-stop',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the plugin root placeholder is kept literally
      '${CLAUDE_PLUGIN_ROOT}/fmt.sh',
      './lint.sh',
      'echo reviewer-stop',
    ]);
  });

  it('records missing places and ignores non-markdown files in the agents folder', async () => {
    const gen = await load();
    const missing = gen.locations.filter((l) => l.status === 'missing').map((l) => l.pattern);
    expect(missing).toEqual(['~/.claude/skills/*/SKILL.md', '~/.claude/agents/*.md']);
    expect(gen.locations.some((l) => l.path.endsWith('notes.txt'))).toBe(false);
  });

  it('gives plugin hooks their root and data dir, and skill hooks the skill root as namespace', async () => {
    const gen = await load();
    const plugin = gen.handlers.find((h) => h.source.scope === 'plugin')!;
    expect(plugin.source.pluginRoot).toBe(path.join(TREE, 'plugin'));
    expect(plugin.source.pluginData).toBe(path.join(TREE, 'home', '.claude', 'plugins', 'data', 'plugin'));
    const skill = gen.handlers.find((h) => h.source.file.endsWith('SKILL.md'))!;
    expect(skill.source.namespace).toBe(path.join(TREE, 'project', '.claude', 'skills', 'lint'));
  });

  it('--no-user disables home and machine locations but keeps an explicit managed folder', async () => {
    const noUser = await load({ noUser: true, managedDir: undefined });
    const disabled = noUser.locations.filter((l) => l.status === 'disabled').map((l) => l.pattern);
    expect(disabled).toEqual([
      'managed-settings.json',
      'managed-settings.d/*.json',
      '~/.claude/settings.json',
      '~/.claude/skills/*/SKILL.md',
      '~/.claude/agents/*.md',
    ]);
    expect(noUser.handlers.some((h) => h.source.scope === 'user' || h.source.scope === 'managed')).toBe(
      false,
    );
    const explicit = await load({ noUser: true });
    expect(explicit.handlers.filter((h) => h.source.scope === 'managed')).toHaveLength(2);
  });

  it('uses the documented managed folder per platform', () => {
    const ctx = (platform: NodeJS.Platform): DiscoveryContext => ({
      profile: 'claude-code',
      projectDir: '/p',
      homeDir: '/h',
      noUser: false,
      settingsFiles: [],
      pluginDirs: [],
      env: {},
      platform,
      vscodeSettings: {},
    });
    const managedOf = (platform: NodeJS.Platform) => claudeCodeLocations(ctx(platform))[0]!.path;
    expect(managedOf('linux')).toBe(path.join('/etc/claude-code', 'managed-settings.json'));
    expect(managedOf('darwin')).toBe(
      path.join('/Library/Application Support/ClaudeCode', 'managed-settings.json'),
    );
    expect(managedOf('win32')).toContain('ClaudeCode');
  });
});
