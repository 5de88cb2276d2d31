import type { ProfileName } from '../../model/profile-name.ts';
import { claudeCodeLocations } from './claude-code.ts';
import { copilotCliLocations } from './copilot-cli.ts';
import type { DiscoveryContext, LocationSpec } from './types.ts';
import { vscodeLocations } from './vscode.ts';

export { claudeCodeLocations } from './claude-code.ts';
export { copilotCliLocations } from './copilot-cli.ts';

export { guessKind } from './guess-kind.ts';
export type * from './types.ts';

/** One discovery table per profile: the data behind `docs/configuration.md` § Discovery. */
export const DISCOVERY_TABLES: Readonly<Record<ProfileName, (ctx: DiscoveryContext) => LocationSpec[]>> = {
  'claude-code': claudeCodeLocations,
  'copilot-cli': copilotCliLocations,
  vscode: vscodeLocations,
};

export function discoveryTable(ctx: DiscoveryContext): LocationSpec[] {
  return DISCOVERY_TABLES[ctx.profile](ctx);
}
