// The zod models the configuration readers check objects against, by name. Readers name a
// model; the quick check (quick-check.ts) reads the generated plain rules of the same name, and
// only a value those rules do not accept loads this module to be checked, and described, by zod.
import { z } from 'zod';
import {
  CLAUDE_HANDLER_SCHEMAS,
  claudeCommandHandler,
  claudeMatcherGroup,
  claudePolicyKeys,
} from '../schema/claude.ts';
import { COPILOT_ENTRY_SCHEMAS } from '../schema/copilot.ts';
import { vscodeCommandEntry } from '../schema/vscode.ts';

export const CONFIG_OBJECT_MODELS = {
  /** A matcher group's own keys; its handlers are checked one by one so one bad handler spares the rest. */
  'claude.group': claudeMatcherGroup.extend({ hooks: z.array(z.unknown()) }),
  'claude.command': CLAUDE_HANDLER_SCHEMAS.command,
  'claude.http': CLAUDE_HANDLER_SCHEMAS.http,
  'claude.mcp_tool': CLAUDE_HANDLER_SCHEMAS.mcp_tool,
  'claude.prompt': CLAUDE_HANDLER_SCHEMAS.prompt,
  'claude.agent': CLAUDE_HANDLER_SCHEMAS.agent,
  /** Settings' hook policy keys; other settings keys are allowed. */
  'claude.policy': z.looseObject(claudePolicyKeys),
  'copilot.command': COPILOT_ENTRY_SCHEMAS.command,
  'copilot.http': COPILOT_ENTRY_SCHEMAS.http,
  'copilot.prompt': COPILOT_ENTRY_SCHEMAS.prompt,
  'vscode.command': vscodeCommandEntry,
  /** Claude command handlers as VS Code reads them: Claude keys plus VS Code's own, command optional. */
  'vscode.claude-file-entry': claudeCommandHandler.extend(vscodeCommandEntry.shape),
} as const;

/** What a reader needs of zod when the quick check does not accept a value. */
export interface ConfigModels {
  objects: Readonly<Record<keyof typeof CONFIG_OBJECT_MODELS, z.ZodObject>>;
  policyKeys: typeof claudePolicyKeys;
}

export const CONFIG_MODELS: ConfigModels = { objects: CONFIG_OBJECT_MODELS, policyKeys: claudePolicyKeys };
