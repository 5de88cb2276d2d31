// `--tool-schemas FILE` and `--invalid-rewrite discard|deny`, shared by `run`, `test` and
// `bridge` (issue 12 point 19): the same parsing and the same errors in each command.
import type { Command } from 'commander';
import type { HookEngineOptions } from '../engine/options.ts';
import { INVALID_REWRITES, type InvalidRewrite } from '../engine/rewrite-check/invalid-rewrite-option.ts';
import { readToolSchemas } from './tool-schemas-file.ts';
import { CliUsageError } from './usage-error.ts';

export interface RewriteCheckCliOptions {
  toolSchemas?: string;
  invalidRewrite?: InvalidRewrite;
}

export function parseInvalidRewrite(value: string): InvalidRewrite {
  if ((INVALID_REWRITES as readonly string[]).includes(value)) return value as InvalidRewrite;
  throw new CliUsageError(`--invalid-rewrite ${value}: expected one of ${INVALID_REWRITES.join(', ')}`);
}

/**
 * Adds both options to `command`. `relativeTo` names the folder a relative schema file is taken
 * from, where that is not the working directory (`bridge`: the project). With `checkNow` false the
 * `--invalid-rewrite` value is kept as given and the command checks it itself
 * (`parseInvalidRewrite`): `bridge` reads the option for its subcommands too, and reports its own
 * bad values differently (bridge-usage.ts).
 */
export function addRewriteCheckOptions(
  command: Command,
  how: { relativeTo?: string; checkNow?: boolean } = {},
): Command {
  const from = how.relativeTo === undefined ? '' : `; a relative path is taken from ${how.relativeTo}`;
  const flags = '--invalid-rewrite <action>';
  const description = `what a discarded updatedInput does to the decision: ${INVALID_REWRITES.join(' | ')} (default discard: the decision stands, as in VS Code)`;
  command.option(
    '--tool-schemas <file>',
    `JSON object of tool name → input JSON Schema; a hook's updatedInput that does not match is discarded${from}`,
  );
  return how.checkNow === false
    ? command.option(flags, description)
    : command.option(flags, description, parseInvalidRewrite);
}

/** The engine options the two flags give; reads and checks the schema file (CONFIG_TOOL_SCHEMAS_INVALID). */
export async function rewriteCheckEngineOptions(
  options: RewriteCheckCliOptions,
): Promise<Pick<HookEngineOptions, 'toolInputSchemas' | 'invalidRewrite'>> {
  const toolInputSchemas = options.toolSchemas ? await readToolSchemas(options.toolSchemas) : undefined;
  return {
    ...(toolInputSchemas ? { toolInputSchemas } : {}),
    ...(options.invalidRewrite ? { invalidRewrite: options.invalidRewrite } : {}),
  };
}
