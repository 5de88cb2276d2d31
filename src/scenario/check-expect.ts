import { isDeepStrictEqual } from 'node:util';
import type { DispatchResult, HookRunReport } from '../engine/dispatch/result.ts';
import type { CaseRun } from './run-case.ts';
import type { ExpectationKey, Expectations, TextExpectation } from './scenario-schema.ts';

/** One expectation of a case, checked. */
export interface ExpectationCheck {
  key: ExpectationKey;
  ok: boolean;
  /** What was expected and what happened; set when `ok` is false. */
  message?: string;
}

export interface CaseVerdict {
  passed: boolean;
  checks: ExpectationCheck[];
  /** Why the case failed, one line each: failed checks, a run that broke, no expectations. */
  failures: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a hook label (the command line, URL or prompt, as `list` shows it) is the one a
 * scenario names: the whole label, or a path or word in it (`guard.sh` names
 * `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`).
 */
export function labelMatches(label: string, wanted: string): boolean {
  if (label === wanted) return true;
  return new RegExp(`(^|[\\s/"'])${escapeRegExp(wanted)}($|[\\s"'])`).test(label);
}

/** A short name for a hook: the file name of its first path, else the whole label. */
export function shortLabel(label: string): string {
  const path = label
    .split(/\s+/)
    .map((token) => token.replace(/["']/g, ''))
    .find((token) => token.includes('/'));
  return path?.split('/').pop() || label;
}

export function ranHooks(result: DispatchResult): HookRunReport[] {
  return result.hooks.filter((hook) => hook.outcome !== 'skipped');
}

function textHolds(expected: TextExpectation, actual: string | null): boolean {
  if (actual === null) return false;
  if (typeof expected === 'string') return actual === expected;
  if ('contains' in expected) return actual.includes(expected.contains);
  return new RegExp(expected.matches).test(actual);
}

function show(value: unknown): string {
  return value === null || value === undefined ? 'nothing' : JSON.stringify(value);
}

/** `updatedInput` expectations are a subset: every expected key deep-equals the actual one. */
function subsetOf(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) {
    return isDeepStrictEqual(expected, actual);
  }
  if (actual === null || typeof actual !== 'object') return false;
  return Object.entries(expected).every(([key, value]) =>
    subsetOf(value, (actual as Record<string, unknown>)[key]),
  );
}

function labelsOf(result: DispatchResult): string {
  const labels = ranHooks(result).map((hook) => hook.label);
  return labels.length === 0 ? 'no hook ran' : `ran: ${labels.join(', ')}`;
}

type Checker = (expected: never, result: DispatchResult) => string | undefined;

/** Each expectation's check: undefined when it holds, else what happened instead. */
const CHECKERS: Record<ExpectationKey, Checker> = {
  decision: (expected: string, result) =>
    (result.decision ?? 'none') === expected ? undefined : `decision ${result.decision ?? 'none'}`,
  reason: (expected: TextExpectation, result) =>
    textHolds(expected, result.reason) ? undefined : `reason ${show(result.reason)}`,
  context: (expected: TextExpectation, result) => {
    const context = result.additionalContext.length > 0 ? result.additionalContext.join('\n') : null;
    return textHolds(expected, context) ? undefined : `context ${show(context)}`;
  },
  updatedInput: (expected: Record<string, unknown>, result) =>
    subsetOf(expected, result.updatedInput) ? undefined : `updatedInput ${show(result.updatedInput)}`,
  ran: (expected: string[], result) => {
    const missing = expected.filter((name) => !ranHooks(result).some((h) => labelMatches(h.label, name)));
    return missing.length === 0 ? undefined : `${missing.join(', ')} did not run (${labelsOf(result)})`;
  },
  notRan: (expected: string[], result) => {
    const present = expected.filter((name) => ranHooks(result).some((h) => labelMatches(h.label, name)));
    return present.length === 0 ? undefined : `${present.join(', ')} ran`;
  },
  exitCodes: (expected: Record<string, number>, result) => {
    const wrong = Object.entries(expected).flatMap(([name, code]) => {
      const hook = ranHooks(result).find((h) => labelMatches(h.label, name));
      if (hook === undefined) return [`${name} did not run`];
      return hook.exitCode === code
        ? []
        : [`${name} exited ${hook.exitCode ?? hook.signal ?? 'without a status'}`];
    });
    return wrong.length === 0 ? undefined : wrong.join('; ');
  },
  continue: (expected: boolean, result) =>
    result.continue === expected ? undefined : `continue ${String(result.continue)}`,
};

function checkAll(expect: Expectations, result: DispatchResult): ExpectationCheck[] {
  return (Object.keys(expect) as ExpectationKey[]).map((key) => {
    const got = (CHECKERS[key] as (e: unknown, r: DispatchResult) => string | undefined)(expect[key], result);
    return got === undefined
      ? { key, ok: true }
      : { key, ok: false, message: `expected ${key} ${show(expect[key])}, got ${got}` };
  });
}

/** Checks a case's run against its expectations. */
export function checkCase(run: CaseRun): CaseVerdict {
  const failures: string[] = [];
  if (run.error !== undefined) failures.push(`the case could not run: ${run.error}`);
  for (const d of run.configErrors) {
    const at = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}: ` : '';
    failures.push(`configuration error, its hooks are missing: ${at}${d.code} ${d.message}`);
  }
  const checks = run.result && run.item.expect ? checkAll(run.item.expect, run.result) : [];
  for (const check of checks) if (!check.ok && check.message) failures.push(check.message);
  if (run.result && (run.item.expect === undefined || Object.keys(run.item.expect).length === 0)) {
    failures.push('the case has no expectations; add expect:, or record the current result with --update');
  }
  return { passed: failures.length === 0, checks, failures };
}
