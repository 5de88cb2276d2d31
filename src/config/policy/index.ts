import type { ProfileName } from '../../model/profile-name.ts';
import type { CopilotFolderTrust } from '../discovery/copilot-trust.ts';
import { applyClaudePolicy } from './claude-policy.ts';
import { applyCopilotPolicy, applyVscodePolicy } from './per-file-policy.ts';
import type { LoadedFile, PolicyOutcome } from './types.ts';

export {
  dedupeHandlers,
  findDuplicates,
} from './dedupe.ts';
export { httpPolicyFor, urlAllowed } from './http-policy.ts';

export type * from './types.ts';

export function applyPolicy(
  profile: ProfileName,
  files: readonly LoadedFile[],
  options: { useClaudeHooks?: boolean; folderTrust?: CopilotFolderTrust } = {},
): PolicyOutcome {
  if (profile === 'claude-code') return applyClaudePolicy(files);
  if (profile === 'copilot-cli') return applyCopilotPolicy(files, options.folderTrust);
  return applyVscodePolicy(files, options.useClaudeHooks === true);
}
