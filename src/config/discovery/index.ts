import { claudeCodeLocations } from './claude-code.ts';
import { copilotCliLocations } from './copilot-cli.ts';
import type { DiscoveryContext, LocationSpec, Profile } from './types.ts';
import { vscodeLocations } from './vscode.ts';

export { CLAUDE_MANAGED_DIRS, claudeCodeLocations } from './claude-code.ts';
export { COPILOT_POLICY_DIRS, copilotCliLocations, copilotHome } from './copilot-cli.ts';
export { type Expansion, expandLocations } from './expand.ts';
export { guessKind } from './guess-kind.ts';
export type * from './types.ts';
export {
  classifyVscodeLocation,
  isVscodeClaudeFile,
  VSCODE_AGENTS_PATTERN,
  VSCODE_DEFAULT_HOOK_LOCATIONS,
  vscodeLocations,
} from './vscode.ts';

/** One discovery table per profile: the data behind `docs/configuration.md` § Discovery. */
export const DISCOVERY_TABLES: Readonly<Record<Profile, (ctx: DiscoveryContext) => LocationSpec[]>> = {
  'claude-code': claudeCodeLocations,
  'copilot-cli': copilotCliLocations,
  vscode: vscodeLocations,
};

export function discoveryTable(ctx: DiscoveryContext): LocationSpec[] {
  return DISCOVERY_TABLES[ctx.profile](ctx);
}
