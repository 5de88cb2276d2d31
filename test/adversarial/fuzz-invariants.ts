// The invariants every fuzzed dispatch must keep (issue 13 "The standing suite"): it never throws,
// never runs past its deadline, never loses the deny of an unrelated guard, and every failure it
// reports is a coded diagnostic.
import { expect } from 'vitest';
import { ERROR_CODES } from '../../src/errors.ts';
import type { DispatchResult, HookEngine, NormalizedHandler } from '../../src/index.ts';

/** Fixed seed: a failure reproduces; change it only to explore, then keep the cases it finds. */
export const FUZZ_SEED = 1_302_026;
/** The whole dispatch, fuzzed hooks included (their timeouts are capped below it). */
export const DISPATCH_DEADLINE_MS = 20_000;
/** Timeout given to fuzzed command hooks, so a deadline overrun is the engine's, not a hook's. */
export const FUZZED_HOOK_TIMEOUT_SEC = 5;

/** A guard from another source (a function hook, as an embedder registers it) that always denies. */
export const GUARD: NormalizedHandler = {
  type: 'function',
  event: 'PreToolUse',
  eventKey: 'PreToolUse',
  dialect: 'claude',
  source: { file: '<guard>', pointer: '/guard', scope: 'session' },
  spec: {
    id: 'fuzz-guard',
    callback: () => ({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'guard',
      },
    }),
  },
};

/** Outcomes that are failures the engine observed (not a hook's own exit status). */
const FAILURES = new Set(['timeout', 'spawn-error']);

/** Resolves with the dispatch or rejects when it runs past the deadline. */
export async function withinDeadline<T>(promise: Promise<T>, ms = DISPATCH_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`dispatch ran past its ${ms} ms deadline`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks a result against the invariants; `guarded`: the GUARD was among the handlers. */
export function expectInvariants(result: DispatchResult, engine: HookEngine, guarded = true): void {
  if (guarded) {
    expect(result.decision).toBe('deny');
    expect(
      result.hooks.some((hook) => hook.label === 'function fuzz-guard' || hook.source.file === '<guard>'),
    ).toBe(true);
  }
  for (const found of [...result.diagnostics, ...engine.config.diagnostics]) {
    expect(Object.hasOwn(ERROR_CODES, found.code), `uncoded diagnostic ${JSON.stringify(found)}`).toBe(true);
    expect(found.message.length).toBeGreaterThan(0);
  }
  for (const hook of result.hooks) {
    if (!FAILURES.has(hook.outcome)) continue;
    const coded = result.diagnostics.some(
      (found) => found.pointer === hook.source.pointer && found.file === hook.source.file,
    );
    expect(coded, `${hook.outcome} of ${hook.label} has no coded diagnostic`).toBe(true);
  }
  // No fuzzed key (`__proto__`, `constructor`) may reach a shared prototype.
  expect(Object.keys(Object.prototype)).toEqual([]);
}
