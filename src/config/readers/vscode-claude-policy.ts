// Claude Code's hook policy keys (claude-code-hooks.md §6.2) in a Claude-format settings file read
// under the vscode profile. VS Code honours only `disableAllHooks` there (other-agents-hooks.md §2.4
// step 7); the others are dropped without a word. Several are security restrictions, so the
// engine follows the host (it does not apply them under vscode either) and says plainly, at the
// key, that the restriction is not in force under VS Code and what to do instead.
import type { CONFIG_SHAPES } from '../generated/config-shapes.ts';
import type { PolicySettings } from '../read-types.ts';
import { readClaudePolicy } from './claude-policy.ts';
import type { ReadContext } from './context.ts';

/** The one policy key VS Code reads in a Claude file (§2.4 step 7). */
const VSCODE_POLICY_KEY = 'disableAllHooks';

type IgnoredPolicyKey = Exclude<
  keyof (typeof CONFIG_SHAPES)['claude.policy']['fields'],
  typeof VSCODE_POLICY_KEY
>;

interface KeyNote {
  expected: string;
  message: string;
}

/**
 * One note per policy key VS Code does not read; typed so that a key the Claude policy schema gains
 * fails to compile until it says what VS Code does with it.
 */
const IGNORED_POLICY_KEYS: Record<IgnoredPolicyKey, KeyNote> = {
  allowManagedHooksOnly: {
    expected: '"disableAllHooks", or a location switched off in chat.hookFilesLocations',
    message:
      'VS Code does not enforce "allowManagedHooksOnly": it is ignored, so every hook of the files VS Code ' +
      'reads runs (VS Code honours only "disableAllHooks" in a Claude file, other-agents-hooks.md §2.4 ' +
      'step 7), and the engine does the same under the vscode profile; to keep hooks off under VS Code, ' +
      'set "disableAllHooks": true in the file, switch its location off in chat.hookFilesLocations, or ' +
      'turn hooks off with the ChatHooks enterprise policy (chat.useHooks)',
  },
  allowedHttpHookUrls: {
    expected: 'no URL allow-list (VS Code does not enforce one)',
    message:
      'VS Code does not enforce "allowedHttpHookUrls": the URL allow-list is NOT in force under VS Code, ' +
      'nor under the engine\'s vscode profile, which follows the host. VS Code runs no "http" hooks ' +
      '(§2.4 step 3), but a command hook may reach any URL and nothing here limits it; to restrict where ' +
      'hooks connect under VS Code, do it outside the hook files (a firewall or an egress proxy) or in ' +
      'the hook scripts themselves',
  },
  httpHookAllowedEnvVars: {
    expected: 'no environment allow-list (VS Code does not enforce one)',
    message:
      'VS Code does not enforce "httpHookAllowedEnvVars": the limit on the environment variables hooks ' +
      "may send is NOT in force under VS Code, nor under the engine's vscode profile, which follows the " +
      'host. VS Code runs no "http" hooks, and its command hooks get its whole environment plus "env" ' +
      '(§2.5); to keep a secret from hooks under VS Code, leave it out of the environment VS Code starts with',
  },
};

const IGNORED_KEYS = Object.keys(IGNORED_POLICY_KEYS) as IgnoredPolicyKey[];

/**
 * The policy of a Claude-format file as VS Code reads it: `disableAllHooks` only. Every other
 * policy key present (of any type: VS Code does not look at it) is CONFIG_UNSUPPORTED_BY_HOST at
 * the key and left out, so that neither the load-time check nor the HTTP runner applies it.
 */
export function readVscodeClaudePolicy(ctx: ReadContext, top: Record<string, unknown>): PolicySettings {
  for (const key of IGNORED_KEYS) {
    if (top[key] === undefined) continue;
    const note = IGNORED_POLICY_KEYS[key];
    ctx.report('CONFIG_UNSUPPORTED_BY_HOST', note.message, [key], {
      key: true,
      expected: note.expected,
      found: key,
    });
  }
  const read = top[VSCODE_POLICY_KEY] === undefined ? {} : { [VSCODE_POLICY_KEY]: top[VSCODE_POLICY_KEY] };
  return readClaudePolicy(ctx, read);
}
