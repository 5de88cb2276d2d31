import type { Diagnostic } from '../../errors.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { Scope } from '../../model/source.ts';
import { type ConfigKind, readConfig } from '../read-config.ts';
import { FILE_SCHEMA_URLS } from '../schema/schema-urls.ts';
import { logMissingHostVariables } from './host-variables.ts';
import { LossyLog, type LossyStep, sourceLocator } from './lossy.ts';
import type { ConvertTarget } from './targets.ts';
import { writeClaude } from './write-claude.ts';
import { type CopilotKeys, writeCopilot } from './write-copilot.ts';
import { writeVscode } from './write-vscode.ts';

export interface ConvertOptions {
  /** File name used in lossy steps and diagnostics. Default `<input>`. */
  file?: string;
  /** Scope passed to the reader. Default `project`. */
  scope?: Scope;
  /** Copilot event keys: `camel` (default, camelCase payload) or `compat` (PascalCase, snake_case payload). */
  copilotKeys?: CopilotKeys;
  pluginRoot?: string;
}

export interface ConvertResult {
  /** The converted configuration: JSON, 2-space indent, trailing newline. */
  text: string;
  lossy: LossyStep[];
  /** What the reader reported about the input (unknown keys, invalid entries…). */
  diagnostics: Diagnostic[];
}

/** The payload field spelling each dialect's hooks receive (other-agents-hooks.md §1.3). */
function payloadStyle(dialect: Dialect): 'snake' | 'camel' {
  return dialect === 'copilot' ? 'camel' : 'snake';
}

function targetStyle(to: ConvertTarget, keys: CopilotKeys): 'snake' | 'camel' {
  return to === 'copilot' && keys === 'camel' ? 'camel' : 'snake';
}

/**
 * Converts a hook configuration between dialects: event names, command fields, timeout units and
 * matcher layout, listing every step the target cannot express (user-pain.md #16). Input that the
 * reader rejects is reported in `diagnostics` and left out of `text`.
 */
export function convertConfig(
  text: string,
  from: ConfigKind,
  to: ConvertTarget,
  opts: ConvertOptions = {},
): ConvertResult {
  const file = opts.file ?? '<input>';
  const keys = opts.copilotKeys ?? 'camel';
  const read = readConfig({
    file,
    text,
    kind: from,
    scope: opts.scope ?? 'project',
    ...(opts.pluginRoot === undefined ? {} : { pluginRoot: opts.pluginRoot }),
  });
  const log = new LossyLog(file, sourceLocator(text, from));
  if (read.fileDisabled && to !== 'copilot') {
    // In a Copilot file it turns off that file only; elsewhere it would turn off every hook (§1.2).
    log.addAt('/disableAllHooks', '"disableAllHooks" of this Copilot file was not carried over');
  }
  const handlers = read.handlers;
  const wanted = targetStyle(to, keys);
  const mismatch = handlers.find((handler) => payloadStyle(handler.dialect) !== wanted);
  if (mismatch !== undefined) {
    const message =
      wanted === 'camel'
        ? 'camelCase Copilot events send camelCase input (toolName, toolArgs): scripts that read snake_case fields (tool_name, tool_input) must be adapted, or convert with PascalCase keys (--copilot-keys compat)'
        : 'the hooks will receive snake_case input (tool_name, tool_input) instead of Copilot camelCase input (toolName, toolArgs): adapt scripts that read camelCase fields';
    log.add(mismatch, undefined, message);
  }
  logMissingHostVariables(handlers, to, log);
  let output: Record<string, unknown>;
  switch (to) {
    case 'claude':
      output = writeClaude(handlers, read.prompts, log);
      break;
    case 'copilot':
      output = writeCopilot(handlers, read.prompts, log, keys);
      if (read.fileDisabled) output = { version: 1, disableAllHooks: true, hooks: output.hooks };
      break;
    case 'vscode':
      output = writeVscode(handlers, read.prompts, log);
      break;
  }
  // Every file agent-hooks writes names its schema, so an editor completes and checks it (docs/editor.md).
  output = { $schema: FILE_SCHEMA_URLS[to], ...output };
  for (const [key, value] of Object.entries(read.policy)) {
    if (value === undefined) continue;
    // Policy keys are Claude Code settings (claude-code-hooks.md §6.2); other hooks files have none.
    if (to === 'claude') output[key] = value;
    else log.addAt(`/${key}`, `"${key}" is a Claude Code setting with no equivalent in a ${to} hooks file`);
  }
  return { text: `${JSON.stringify(output, null, 2)}\n`, lossy: log.steps, diagnostics: read.diagnostics };
}
