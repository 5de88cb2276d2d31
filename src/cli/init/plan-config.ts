import { convertConfig, DIALECT_OF_KIND, type LossyStep } from '../../config/convert/index.ts';
import { type ConfigKind, readConfig } from '../../config/read-config.ts';
import type { Diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { configDiagnostics, located } from '../write/config-errors.ts';
import { type ConfigWrite, planConfigWrite, WriteRefused } from '../write/config-write.ts';
import type { Destination } from './destination.ts';
import { InitRefused } from './refused.ts';

export interface ConfigPlan {
  write: ConfigWrite;
  /** What the target's dialect cannot express (a matcher VS Code ignores, …). */
  lossy: LossyStep[];
  /** New warnings the written file has (e.g. a matcher that can never fire). */
  warnings: string[];
  /** The hooks this write adds, as the target file holds them (their places are in the converted text). */
  added: readonly NormalizedHandler[];
}

function findings(file: string, text: string, kind: ConfigKind, severity: 'error' | 'warning'): string[] {
  return configDiagnostics(file, text, kind, severity).map(located);
}

/**
 * Plans the exact text written into `to.file`: the hooks (Claude Code's settings shape) in the
 * file's dialect with its `$schema` (convertConfig adds it), merged by the shared writer (src/cli/write: other keys,
 * comments and entries kept; an equal entry not added twice). Refuses a target with errors
 * (unless `force`, which replaces it) and a result with errors.
 */
export function planConfig(
  hooks: Record<string, unknown>,
  to: Destination,
  options: { force: boolean; copilotKeys: 'camel' | 'compat'; reportLossy: boolean },
): ConfigPlan {
  const dialect = to.kind === 'claude-plugin-hooks' ? undefined : DIALECT_OF_KIND[to.kind];
  if (dialect === undefined) {
    throw new InitRefused(
      'INIT_TARGET_INVALID',
      `${to.file} is a ${to.kind} file, which holds no hooks of its own`,
    );
  }
  const converted = convertConfig(JSON.stringify({ hooks }), 'claude-settings', dialect, {
    file: to.file,
    copilotKeys: options.copilotKeys,
  });
  const incoming = JSON.parse(converted.text) as Record<string, unknown>;
  const kept = readConfig({ file: to.file, text: converted.text, kind: to.kind, scope: 'project' });
  if (kept.handlers.length === 0) {
    const why = converted.lossy.map((step) => step.message).join('; ');
    throw new InitRefused(
      'INIT_RESULT_INVALID',
      `nothing to write into ${to.file}: ${why || 'no hook is left'}`,
    );
  }
  // A Copilot settings file holds `hooks` inline, without the hooks file's `version` (§1.2), and
  // has other settings the hooks file schema would flag: it gets neither.
  if (to.kind === 'copilot-settings') {
    delete incoming.version;
    delete incoming.$schema;
  }
  let planned: ConfigWrite;
  try {
    planned = planConfigWrite(to.file, incoming, {
      force: options.force,
      refuse: (before) => findings(to.file, before, to.kind, 'error'),
    });
  } catch (error) {
    if (error instanceof WriteRefused) throw new InitRefused('INIT_TARGET_INVALID', error.message);
    throw error;
  }
  const problems = findings(to.file, planned.after, to.kind, 'error');
  if (problems.length > 0) {
    throw new InitRefused(
      'INIT_RESULT_INVALID',
      `not writing ${to.file}: the result would not be valid:\n  ${problems.join('\n  ')}`,
    );
  }
  // Only what this write adds: a warning the file already had is not news (compared without lines).
  const what = (d: Diagnostic): string => `${d.code} ${d.message}`;
  const before =
    planned.before === undefined ? [] : configDiagnostics(to.file, planned.before, to.kind, 'warning');
  const old = new Set(before.map(what));
  const warnings = configDiagnostics(to.file, planned.after, to.kind, 'warning')
    .filter((d) => !old.has(what(d)))
    .map(located);
  return {
    write: planned,
    lossy: options.reportLossy ? converted.lossy : [],
    warnings,
    added: kept.handlers,
  };
}
