import { buildIndex } from '../../engine/plan/build-index.ts';
import { getProfile } from '../../engine/profiles/profiles.ts';
import { type Diagnostic, ERROR_CODES, type ErrorCode } from '../../errors.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { handlerFinding } from '../finding.ts';
import type { CheckContext, Finding } from '../types.ts';

/**
 * Reader warnings that mean a hook never fires or a field of it is silently ignored; the other
 * warnings (an unknown key the host skips) leave the hook working and are `validate`'s business.
 */
const NEVER_FIRES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'CONFIG_UNKNOWN_EVENT',
  'CONFIG_MATCHER_IGNORED',
  'CONFIG_IF_NEVER_RUNS',
  'CONFIG_LOCATION_REJECTED',
  'CONFIG_POLICY_FILE_INSECURE',
  'MATCH_HANDLER_TYPE_NOT_ALLOWED',
  'MATCH_INVALID_IF_RULE',
  'MATCH_INVALID_REGEX',
]);

/** Planner findings the readers already report with their own code (CONFIG_IF_NEVER_RUNS). */
const REPORTED_BY_READERS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['MATCH_IF_ON_NON_TOOL_EVENT']);

export function fromDiagnostic(d: Diagnostic, profile: ProfileName): Finding {
  const info = ERROR_CODES[d.code];
  const finding: Finding = {
    code: d.code,
    severity: d.severity,
    message: d.message,
    host: info.summary,
    fix: d.suggestion ? `${info.fix} (did you mean ${d.suggestion}?)` : info.fix,
    profile,
  };
  if (d.file !== undefined)
    Object.assign(finding, { file: d.file, line: d.line ?? 1, column: d.column ?? 1 });
  if (d.pointer !== undefined) finding.pointer = d.pointer;
  if (d.event !== undefined) finding.event = d.event;
  return finding;
}

/**
 * What reading and planning the configuration found that stops a hook from firing: every error
 * (a rejected file or handler never runs) and the warnings of `NEVER_FIRES`.
 */
export function checkConfiguration(ctx: CheckContext): Finding[] {
  const owned = (d: Diagnostic) => d.file === undefined || ctx.owned.has(d.file);
  const read = ctx.generation.diagnostics
    .filter((d) => owned(d) && (d.severity === 'error' || NEVER_FIRES.has(d.code)))
    .map((d) => fromDiagnostic(d, ctx.profile));
  const plan = buildIndex(ctx.handlers, getProfile(ctx.profile));
  const planned = plan.diagnostics
    .filter((d) => !REPORTED_BY_READERS.has(d.code))
    .map((d) => fromDiagnostic(d, ctx.profile));
  const rules: Finding[] = [];
  for (const entries of plan.index.values()) {
    for (const entry of entries) {
      for (const note of entry.ifRule?.warnings ?? []) {
        rules.push(
          handlerFinding(note.code, entry.handler, {
            profile: ctx.profile,
            pointer: `${entry.handler.source.pointer}/if`,
            message: `${entry.handler.event} hook: ${note.message}`,
          }),
        );
      }
    }
  }
  return [...read, ...planned, ...rules];
}
