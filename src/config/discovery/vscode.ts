import path from 'node:path';
import type { DiscoveryContext, LocationSpec } from './types.ts';

/** `chat.hookFilesLocations` defaults (seed 000, other-agents-hooks.md §2.2). */
export const VSCODE_DEFAULT_HOOK_LOCATIONS: Readonly<Record<string, boolean>> = {
  '.github/hooks': true,
  '.claude/settings.local.json': true,
  '.claude/settings.json': true,
  '~/.claude/settings.json': true,
};

export const VSCODE_AGENTS_PATTERN = '.github/agents/*.agent.md';

/** The ending of a VS Code custom agent file, the only Markdown VS Code reads hooks from. */
export const VSCODE_AGENT_SUFFIX = '.agent.md';

/**
 * VS Code reads `settings*.json` inside a `.claude` folder as Claude format (§2.4 step 1). The
 * `vscode-hooks` reader makes that choice itself; the policy step needs it for `useClaudeHooks`.
 */
export function isVscodeClaudeFile(file: string): boolean {
  const base = path.basename(file);
  const isSettings = base === 'settings.json' || base === 'settings.local.json';
  return isSettings && path.basename(path.dirname(file)) === '.claude';
}

type Classified = { where: 'user' | 'workspace'; abs: string } | { where: 'rejected'; why: string };

/** Only relative and `~` paths are supported; anything else is rejected (seed 000). */
export function classifyVscodeLocation(entry: string, ctx: DiscoveryContext): Classified {
  if (entry === '~' || entry.startsWith('~/') || entry.startsWith('~\\')) {
    return { where: 'user', abs: path.join(ctx.homeDir, entry.slice(2)) };
  }
  if (entry.trim() === '') return { where: 'rejected', why: 'empty path' };
  if (path.posix.isAbsolute(entry) || path.win32.isAbsolute(entry)) {
    return { where: 'rejected', why: 'absolute paths are not supported; use a relative or ~ path' };
  }
  if (entry.includes('${'))
    return { where: 'rejected', why: 'variables are not expanded; use a relative or ~ path' };
  return { where: 'workspace', abs: path.resolve(ctx.projectDir, entry) };
}

/**
 * VS Code (Local harness) locations: the defaults overlaid with the user's entries, `false`
 * switching any of them off. Workspace locations come before user ones because workspace hooks
 * take precedence for the same event type; in VS Code all of them run, so precedence is order.
 */
export function vscodeLocations(ctx: DiscoveryContext): LocationSpec[] {
  const merged: Record<string, boolean> = { ...VSCODE_DEFAULT_HOOK_LOCATIONS };
  for (const [entry, on] of Object.entries(ctx.vscodeSettings.hookFilesLocations ?? {})) merged[entry] = on;
  const workspace: LocationSpec[] = [];
  const user: LocationSpec[] = [];
  const rejected: LocationSpec[] = [];
  for (const [entry, on] of Object.entries(merged)) {
    const spec = hookFileSpec(ctx, entry, on);
    if (spec.rejectedReason !== undefined) rejected.push(spec);
    else (spec.userLevel ? user : workspace).push(spec);
  }
  return [...workspace, ...user, agentsSpec(ctx), ...pluginSpecs(ctx), ...rejected];
}

/** One `chat.hookFilesLocations` entry: a file or a folder, in the workspace or the user's home. */
function hookFileSpec(ctx: DiscoveryContext, entry: string, on: boolean): LocationSpec {
  const where = classifyVscodeLocation(entry, ctx);
  const isFile = entry.endsWith('.json');
  const base = {
    pattern: isFile ? entry : `${entry.replace(/[\\/]+$/, '')}/*.json`,
    shape: isFile ? 'file' : 'folder-json',
    kind: 'vscode-hooks',
  } as const;
  if (where.where === 'rejected') {
    return { ...base, path: entry, scope: 'project', userLevel: false, rejectedReason: where.why };
  }
  const userLevel = where.where === 'user';
  const scope = userLevel ? 'user' : path.basename(where.abs) === 'settings.local.json' ? 'local' : 'project';
  const spec: LocationSpec = {
    ...base,
    path: where.abs,
    scope,
    userLevel,
    changeSource:
      scope === 'user' ? 'user_settings' : scope === 'local' ? 'local_settings' : 'project_settings',
  };
  if (!on) spec.disabledReason = `chat.hookFilesLocations["${entry}"] is false`;
  else if (userLevel && ctx.noUser) spec.disabledReason = '--no-user';
  return spec;
}

function agentsSpec(ctx: DiscoveryContext): LocationSpec {
  const agentsOn = ctx.vscodeSettings.useCustomAgentHooks === true;
  return {
    pattern: VSCODE_AGENTS_PATTERN,
    path: path.join(ctx.projectDir, '.github', 'agents'),
    shape: 'folder-agent-md',
    kind: 'frontmatter',
    scope: 'frontmatter',
    userLevel: false,
    vscodeAgent: true,
    ...(agentsOn ? {} : { disabledReason: 'chat.useCustomAgentHooks is off' }),
  };
}

function pluginSpecs(ctx: DiscoveryContext): LocationSpec[] {
  return ctx.pluginDirs.flatMap((dir) => {
    const root = path.resolve(ctx.projectDir, dir);
    const common = {
      shape: 'file',
      scope: 'plugin',
      userLevel: false,
      pluginRoot: root,
      kind: 'vscode-hooks',
    } as const;
    return [
      { ...common, pattern: '<plugin>/hooks.json', path: path.join(root, 'hooks.json') },
      { ...common, pattern: '<plugin>/hooks/hooks.json', path: path.join(root, 'hooks', 'hooks.json') },
    ];
  });
}
