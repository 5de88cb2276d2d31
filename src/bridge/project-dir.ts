// Which folder is the project when `--cwd` is not given: the one the calling host names. A host
// starts its hooks in the session's current folder, which follows the model's `cd` (Claude Code:
// claude-code-hooks.md §4.2 "cwd = current session cwd"), so the bridge's own working directory
// can be a subfolder where no hook file is found, and every call would be allowed.
import path from 'node:path';
import type { ProfileName } from '../model/profile-name.ts';

/**
 * The variable each host sets to the project root for its hooks. Claude Code: CLAUDE_PROJECT_DIR,
 * "project root where the session started; does not follow … `cd`" (claude-code-hooks.md §6.5).
 * Copilot CLI: COPILOT_PROJECT_DIR (copilot-cli-observed.md "How hooks are started"; it sets
 * CLAUDE_PROJECT_DIR too, which a Claude Code session around it could also have set). VS Code sets
 * none (other-agents-hooks.md §2.5: the process environment plus the hook's `env`) and starts its
 * hooks in the workspace root (§2.4 step 5), so its working directory is the project.
 */
const PROJECT_DIR_VARIABLE: Readonly<Partial<Record<ProfileName, string>>> = {
  'claude-code': 'CLAUDE_PROJECT_DIR',
  'copilot-cli': 'COPILOT_PROJECT_DIR',
};

/** The project folder `host` names in `env`, else `cwd`; a relative value is taken from `cwd`. */
export function hostProjectDir(host: ProfileName, env: NodeJS.ProcessEnv, cwd: string): string {
  const name = PROJECT_DIR_VARIABLE[host];
  const named = name === undefined ? undefined : env[name];
  return path.resolve(cwd, named === undefined || named === '' ? '.' : named);
}
