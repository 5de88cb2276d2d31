import type { ProfileName } from '../../model/profile-name.ts';
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
  options: { useClaudeHooks?: boolean } = {},
): PolicyOutcome {
  if (profile === 'claude-code') return applyClaudePolicy(files);
  if (profile === 'copilot-cli') return applyCopilotPolicy(files);
  return applyVscodePolicy(files, options.useClaudeHooks === true);
}
