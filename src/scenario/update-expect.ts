import { isDeepStrictEqual } from 'node:util';
import { applyEdits, modify } from 'jsonc-parser';
import type { DispatchResult } from '../engine/dispatch/result.ts';
import { type CaseVerdict, ranHooks, shortLabel } from './check-expect.ts';
import type { Scenario } from './read-scenario.ts';
import type { CaseRun } from './run-case.ts';
import type { ExpectationKey, Expectations } from './scenario-schema.ts';
import { type ExpectEdit, editYamlExpectations } from './yaml-edit.ts';

/** The names `ran` and `exitCodes` record: a hook's file name, or its whole label when two share one. */
function hookNames(result: DispatchResult): Map<string, string> {
  const hooks = ranHooks(result);
  const short = hooks.map((hook) => shortLabel(hook.label));
  return new Map(
    hooks.map((hook, i) => [
      hook.label,
      short.filter((name) => name === short[i]).length > 1 ? hook.label : (short[i] as string),
    ]),
  );
}

/** What the dispatch did, as expectations: what `--update` records. */
export function observedExpectations(result: DispatchResult): Expectations {
  const names = hookNames(result);
  const ran = ranHooks(result);
  const exitCodes = Object.fromEntries(
    ran.filter((h) => h.exitCode !== null && h.exitCode !== 0).map((h) => [names.get(h.label), h.exitCode]),
  );
  return {
    decision: result.decision ?? 'none',
    ...(result.reason !== null ? { reason: result.reason } : {}),
    ...(result.additionalContext.length > 0 ? { context: result.additionalContext.join('\n') } : {}),
    ...(result.updatedInput !== null ? { updatedInput: result.updatedInput } : {}),
    ...(ran.length > 0 ? { ran: ran.map((h) => names.get(h.label) as string) } : {}),
    ...(Object.keys(exitCodes).length > 0 ? { exitCodes } : {}),
    ...(result.continue ? {} : { continue: false }),
  };
}

/**
 * The edits `--update` makes to one case. A case without expectations gets everything that
 * happened. Otherwise expectations that hold stay as written (a `contains` stays a `contains`)
 * and nothing is added; one that fails is replaced by what happened, or removed when nothing of
 * the kind happened.
 */
export function expectEdits(run: CaseRun, verdict: CaseVerdict): ExpectEdit[] {
  if (!run.result) return [];
  const observed = observedExpectations(run.result);
  const current = run.item.expect ?? {};
  const edits: ExpectEdit[] = [];
  const index = run.item.index;
  for (const check of verdict.checks) {
    if (check.ok) continue;
    const value = observed[check.key];
    if (!isDeepStrictEqual(value, current[check.key])) edits.push({ index, key: check.key, value });
  }
  if (Object.keys(current).length > 0) return edits;
  return (Object.entries(observed) as [ExpectationKey, unknown][]).map(([key, value]) => ({
    index,
    key,
    value,
  }));
}

function jsonText(text: string, edits: readonly ExpectEdit[]): string {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  const formattingOptions = {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
  let out = text;
  for (const { index, key, value } of edits) {
    out = applyEdits(out, modify(out, ['cases', index, 'expect', key], value, { formattingOptions }));
  }
  return out;
}

/** The scenario file's text with the edits made; comments and every untouched line kept. */
export function updatedScenarioText(scenario: Scenario, edits: readonly ExpectEdit[]): string {
  if (edits.length === 0) return scenario.text;
  return scenario.format === 'yaml'
    ? editYamlExpectations(scenario.text, edits)
    : jsonText(scenario.text, edits);
}
