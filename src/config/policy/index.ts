import type { Profile } from '../discovery/types.ts';
import { applyClaudePolicy } from './claude-policy.ts';
import { applyCopilotPolicy, applyVscodePolicy } from './per-file-policy.ts';
import type { LoadedFile, PolicyOutcome } from './types.ts';

export { applyClaudePolicy, claudeSwitches } from './claude-policy.ts';
export {
  type Duplicate,
  type DuplicateReport,
  dedupeHandlers,
  dedupeKey,
  findDuplicates,
  PROFILE_DEDUPES,
} from './dedupe.ts';
export { httpPolicyFor, urlAllowed } from './http-policy.ts';
export { applyCopilotPolicy, applyVscodePolicy } from './per-file-policy.ts';
export type * from './types.ts';

export function applyPolicy(
  profile: Profile,
  files: readonly LoadedFile[],
  options: { useClaudeHooks?: boolean } = {},
): PolicyOutcome {
  if (profile === 'claude-code') return applyClaudePolicy(files);
  if (profile === 'copilot-cli') return applyCopilotPolicy(files);
  return applyVscodePolicy(files, options.useClaudeHooks === true);
}
