import { readConfigWith, registerReadConfig } from './read-core.ts';
import type { ReadOptions, ReadResult } from './read-types.ts';
import { CONFIG_MODELS } from './readers/config-models.ts';

export type {
  ConfigKind,
  CopilotPromptEntry,
  PolicySettings,
  ReadOptions,
  ReadResult,
} from './read-types.ts';

/**
 * Reads one configuration text into normalized handlers, policy keys and located diagnostics.
 * Never throws on bad input: everything wrong with the text becomes a diagnostic. Loads the zod
 * models; the CLI's per-event path reads through readConfigLazily (read-core.ts) instead.
 */
export function readConfig(options: ReadOptions): ReadResult {
  return readConfigWith(options, CONFIG_MODELS);
}

registerReadConfig(readConfig);
