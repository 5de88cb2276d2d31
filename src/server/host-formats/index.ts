import { claudeCodeFormat } from './claude-code.ts';
import { copilotCliFormat } from './copilot-cli.ts';
import type { HostFormat } from './types.ts';

export { BadHostRequest, type HostFormat, type HostRequest } from './types.ts';

/** The hosts that call `http` hooks (VS Code agent hooks have none: other-agents-hooks.md §2). */
export const HOST_FORMATS: ReadonlyMap<string, HostFormat> = new Map(
  [claudeCodeFormat, copilotCliFormat].map((format) => [format.name, format]),
);
