import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ProfileName } from '../../model/profile-name.ts';

export interface DetectedHost {
  host: ProfileName;
  /** Why this host, for the person to check ("found .claude/"). */
  why: string;
}

function hasJson(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith('.json'));
  } catch {
    return false;
  }
}

/**
 * The host whose hooks the project already has (its folders, in the order a user is most likely to
 * mean), else the agent this command runs inside (CLAUDECODE=1, COPILOT_CLI=1, VS Code's terminal),
 * else Claude Code.
 */
export function detectHost(projectDir: string, env: NodeJS.ProcessEnv): DetectedHost {
  if (existsSync(path.join(projectDir, '.claude')))
    return { host: 'claude-code', why: 'the project has a .claude folder' };
  if (
    hasJson(path.join(projectDir, '.github', 'hooks')) ||
    existsSync(path.join(projectDir, '.github', 'copilot'))
  )
    return { host: 'copilot-cli', why: 'the project has Copilot hook files in .github/' };
  if (env.CLAUDECODE === '1')
    return { host: 'claude-code', why: 'running inside Claude Code (CLAUDECODE=1)' };
  if (env.COPILOT_CLI === '1')
    return { host: 'copilot-cli', why: 'running inside Copilot CLI (COPILOT_CLI=1)' };
  if (env.TERM_PROGRAM === 'vscode') return { host: 'vscode', why: "running in VS Code's terminal" };
  return { host: 'claude-code', why: 'no host found in the project; Claude Code is the default' };
}
