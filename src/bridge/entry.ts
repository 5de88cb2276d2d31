// The hook entries `bridge install` writes: a command that starts `agent-hooks bridge --host HOST`.
import { handlerLabel } from '../config/handler-label.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';

const BRIDGE_ENTRY = /\bbridge\s+--host[\s=]+(claude-code|copilot-cli|vscode)\b/;

/** The host whose events `handler` routes to the bridge, if it is a bridge entry. */
export function bridgeEntryOf(handler: NormalizedHandler): ProfileName | undefined {
  if (handler.type !== 'command') return undefined;
  return bridgeHostOf(handlerLabel(handler));
}

/** The host a command line starts the bridge for, if it does. */
export function bridgeHostOf(command: string): ProfileName | undefined {
  return BRIDGE_ENTRY.exec(command)?.[1] as ProfileName | undefined;
}
