import path from 'node:path';
import { NO_USER_MACHINE_REASON } from './claude-code.ts';
import type { DiscoveryContext, LocationSpec } from './types.ts';

/** Machine-wide policy folders (other-agents-hooks.md §1.2). */
export const COPILOT_POLICY_DIRS = {
  posix: '/etc/github-copilot/policy.d',
  win32: 'C:\\ProgramData\\GitHub\\Copilot\\policy.d',
} as const;

/** `$COPILOT_HOME` when set, else `~/.copilot`. */
export function copilotHome(ctx: DiscoveryContext): { dir: string; pattern: string } {
  const fromEnv = ctx.env.COPILOT_HOME;
  if (fromEnv) return { dir: path.resolve(ctx.homeDir, fromEnv), pattern: '$COPILOT_HOME' };
  return { dir: path.join(ctx.homeDir, '.copilot'), pattern: '~/.copilot' };
}

/**
 * Copilot CLI's load order (other-agents-hooks.md §1.2): policy, repo hook files, user hook
 * files, repo inline settings (including the cross-tool `.claude/settings*.json`), user inline
 * settings, then plugins. Every entry from every source runs; this is only the order.
 */
export function copilotCliLocations(ctx: DiscoveryContext): LocationSpec[] {
  return [...hookFileSpecs(ctx), ...settingsSpecs(ctx), ...pluginSpecs(ctx)];
}

/** Policy, then the repo's and the user's hook files. */
function hookFileSpecs(ctx: DiscoveryContext): LocationSpec[] {
  const explicitPolicy = ctx.copilotPolicyDir !== undefined;
  const policyDir =
    ctx.copilotPolicyDir ??
    (ctx.platform === 'win32' ? COPILOT_POLICY_DIRS.win32 : COPILOT_POLICY_DIRS.posix);
  const home = copilotHome(ctx);
  return [
    {
      pattern: 'policy.d/*.json',
      path: policyDir,
      shape: 'folder-json',
      kind: 'copilot-hooks-file',
      scope: 'policy',
      userLevel: false,
      changeSource: 'policy_settings',
      // An explicitly configured folder is the caller's choice; only the machine folder is checked.
      requireSecureOwner: !explicitPolicy && ctx.platform !== 'win32',
      ...(ctx.noUser && !explicitPolicy ? { disabledReason: NO_USER_MACHINE_REASON } : {}),
    },
    {
      pattern: '.github/hooks/*.json',
      path: path.join(ctx.projectDir, '.github', 'hooks'),
      shape: 'folder-json',
      kind: 'copilot-hooks-file',
      scope: 'project',
      userLevel: false,
      changeSource: 'project_settings',
      // copilot-cli-observed.md "How hooks are started": files `z, m, a, B, 9, 10` ran in that
      // order, descending by name. Only the repository folder was observed; the others ascend.
      fileOrder: 'descending',
    },
    {
      pattern: `${home.pattern}/hooks/*.json`,
      path: path.join(home.dir, 'hooks'),
      shape: 'folder-json',
      kind: 'copilot-hooks-file',
      scope: 'user',
      userLevel: true,
      changeSource: 'user_settings',
      ...(ctx.noUser ? { disabledReason: '--no-user' } : {}),
    },
  ];
}

/** Repo settings with inline hooks (the cross-tool `.claude/settings*.json` too), then the user's. */
const REPO_SETTINGS: readonly [string, string[], LocationSpec['kind'], LocationSpec['scope'], boolean][] = [
  [
    '.github/copilot/settings.json',
    ['.github', 'copilot', 'settings.json'],
    'copilot-settings',
    'project',
    true,
  ],
  [
    '.github/copilot/settings.local.json',
    ['.github', 'copilot', 'settings.local.json'],
    'copilot-settings',
    'local',
    true,
  ],
  ['.claude/settings.json', ['.claude', 'settings.json'], 'claude-settings', 'project', false],
  ['.claude/settings.local.json', ['.claude', 'settings.local.json'], 'claude-settings', 'local', false],
];

function settingsSpecs(ctx: DiscoveryContext): LocationSpec[] {
  const home = copilotHome(ctx);
  const specs: LocationSpec[] = REPO_SETTINGS.map(([pattern, parts, kind, scope, settingsWideDisable]) => ({
    pattern,
    path: path.join(ctx.projectDir, ...parts),
    shape: 'file',
    kind,
    scope,
    userLevel: false,
    changeSource: scope === 'local' ? 'local_settings' : 'project_settings',
    settingsWideDisable,
  }));
  specs.push({
    pattern: `${home.pattern}/settings.json`,
    path: path.join(home.dir, 'settings.json'),
    shape: 'file',
    kind: 'copilot-settings',
    scope: 'user',
    userLevel: true,
    changeSource: 'user_settings',
    settingsWideDisable: true,
    ...(ctx.noUser ? { disabledReason: '--no-user' } : {}),
  });
  return specs;
}

function pluginSpecs(ctx: DiscoveryContext): LocationSpec[] {
  return ctx.pluginDirs.flatMap((dir) => {
    const root = path.resolve(ctx.projectDir, dir);
    return ['hooks.json', path.join('hooks', 'hooks.json')].map(
      (rel): LocationSpec => ({
        pattern: `<plugin>/${rel.split(path.sep).join('/')}`,
        path: path.join(root, rel),
        shape: 'file',
        kind: 'copilot-hooks-file',
        scope: 'plugin',
        userLevel: false,
        pluginRoot: root,
      }),
    );
  });
}
