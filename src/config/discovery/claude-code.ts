import path from 'node:path';
import type { DiscoveryContext, LocationSpec } from './types.ts';

/** Documented managed-settings folders (Claude Code settings docs, claude-code-hooks.md §6.1). */
export const CLAUDE_MANAGED_DIRS: Readonly<Partial<Record<NodeJS.Platform, string>>> = {
  linux: '/etc/claude-code',
  darwin: '/Library/Application Support/ClaudeCode',
  win32: 'C:\\Program Files\\ClaudeCode',
};

export const NO_USER_MACHINE_REASON =
  '--no-user ignores machine-level configuration; pass an explicit directory to include it';

function managedSpecs(ctx: DiscoveryContext): LocationSpec[] {
  const dir = ctx.managedDir ?? CLAUDE_MANAGED_DIRS[ctx.platform] ?? CLAUDE_MANAGED_DIRS.linux!;
  const disabledReason = ctx.noUser && ctx.managedDir === undefined ? NO_USER_MACHINE_REASON : undefined;
  const common = {
    kind: 'claude-settings',
    scope: 'managed',
    userLevel: false,
    changeSource: 'policy_settings',
    ...(disabledReason ? { disabledReason } : {}),
  } as const;
  return [
    {
      ...common,
      pattern: 'managed-settings.json',
      path: path.join(dir, 'managed-settings.json'),
      shape: 'file',
    },
    {
      ...common,
      pattern: 'managed-settings.d/*.json',
      path: path.join(dir, 'managed-settings.d'),
      shape: 'folder-json',
    },
  ];
}

function userSpec(ctx: DiscoveryContext, spec: Omit<LocationSpec, 'userLevel'>): LocationSpec {
  return { ...spec, userLevel: true, ...(ctx.noUser ? { disabledReason: '--no-user' } : {}) };
}

/**
 * Claude Code's locations in precedence order, highest first (claude-code-hooks.md §6.1):
 * managed > `--settings` > local > project > user, then plugins and skill/agent frontmatter.
 * Hooks from every level are concatenated; this order decides which copy a dedupe keeps.
 */
export function claudeCodeLocations(ctx: DiscoveryContext): LocationSpec[] {
  return [
    ...managedSpecs(ctx),
    ...cliSettingsSpecs(ctx),
    ...settingsSpecs(ctx),
    ...pluginSpecs(ctx),
    ...frontmatterSpecs(ctx),
  ];
}

/** `--settings` takes a file or a JSON text (`--settings '{"disableAllHooks": true}'`, §6.4). */
function cliSettingsSpecs(ctx: DiscoveryContext): LocationSpec[] {
  return ctx.settingsFiles.map((file, index) => {
    const inline = file.trimStart().startsWith('{');
    return {
      pattern: '--settings',
      path: inline ? `<--settings #${index + 1}>` : path.resolve(ctx.projectDir, file),
      shape: 'file',
      kind: 'claude-settings',
      scope: 'cli',
      userLevel: false,
      ...(inline ? { inlineText: file } : { mustExist: true }),
    };
  });
}

/** local > project > user settings files. */
function settingsSpecs(ctx: DiscoveryContext): LocationSpec[] {
  const { projectDir: p, homeDir: h } = ctx;
  return [
    {
      pattern: '.claude/settings.local.json',
      path: path.join(p, '.claude', 'settings.local.json'),
      shape: 'file',
      kind: 'claude-settings',
      scope: 'local',
      userLevel: false,
      changeSource: 'local_settings',
    },
    {
      pattern: '.claude/settings.json',
      path: path.join(p, '.claude', 'settings.json'),
      shape: 'file',
      kind: 'claude-settings',
      scope: 'project',
      userLevel: false,
      changeSource: 'project_settings',
    },
    userSpec(ctx, {
      pattern: '~/.claude/settings.json',
      path: path.join(h, '.claude', 'settings.json'),
      shape: 'file',
      kind: 'claude-settings',
      scope: 'user',
      changeSource: 'user_settings',
    }),
  ];
}

function pluginSpecs(ctx: DiscoveryContext): LocationSpec[] {
  return ctx.pluginDirs.map((dir) => {
    const root = path.resolve(ctx.projectDir, dir);
    return {
      pattern: '<plugin>/hooks/hooks.json',
      path: path.join(root, 'hooks', 'hooks.json'),
      shape: 'file',
      kind: 'claude-plugin-hooks',
      scope: 'plugin',
      userLevel: false,
      pluginRoot: root,
      pluginData: path.join(ctx.homeDir, '.claude', 'plugins', 'data', path.basename(root)),
    };
  });
}

/** Skill hooks register when the skill is invoked; subagent hooks live while the agent runs. */
function frontmatterSpecs(ctx: DiscoveryContext): LocationSpec[] {
  const { projectDir: p, homeDir: h } = ctx;
  return [
    {
      pattern: '.claude/skills/*/SKILL.md',
      path: path.join(p, '.claude', 'skills'),
      shape: 'folder-skill',
      kind: 'frontmatter',
      scope: 'frontmatter',
      userLevel: false,
      changeSource: 'skills',
    },
    userSpec(ctx, {
      pattern: '~/.claude/skills/*/SKILL.md',
      path: path.join(h, '.claude', 'skills'),
      shape: 'folder-skill',
      kind: 'frontmatter',
      scope: 'frontmatter',
      changeSource: 'skills',
    }),
    {
      pattern: '.claude/agents/*.md',
      path: path.join(p, '.claude', 'agents'),
      shape: 'folder-md',
      kind: 'frontmatter',
      scope: 'frontmatter',
      userLevel: false,
    },
    userSpec(ctx, {
      pattern: '~/.claude/agents/*.md',
      path: path.join(h, '.claude', 'agents'),
      shape: 'folder-md',
      kind: 'frontmatter',
      scope: 'frontmatter',
    }),
  ];
}
