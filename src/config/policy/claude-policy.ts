import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { Scope } from '../../model/source.ts';
import { urlAllowed } from './http-policy.ts';
import type { EffectivePolicy, LoadedFile, PolicyOutcome, SkippedEntry } from './types.ts';

/** Scalar precedence, lowest first: managed > `--settings` > local > project > user (§6.1). */
const SCALAR_RANK: Partial<Record<Scope, number>> = { user: 0, project: 1, local: 2, cli: 3, managed: 4 };

function union(lists: (string[] | undefined)[]): string[] | undefined {
  const defined = lists.filter((l): l is string[] => Array.isArray(l));
  return defined.length === 0 ? undefined : [...new Set(defined.flat())];
}

interface ClaudeSwitches {
  policy: EffectivePolicy;
  disabledBy?: LoadedFile;
  managedOnlyBy?: LoadedFile;
  diagnostics: Diagnostic[];
}

/** Merges the policy keys of every settings file (claude-code-hooks.md §6.2). */
export function claudeSwitches(files: readonly LoadedFile[]): ClaudeSwitches {
  const settings = files
    .filter(
      (f) =>
        f.discovered.spec.kind === 'claude-settings' && SCALAR_RANK[f.discovered.spec.scope] !== undefined,
    )
    .map((f, index) => ({ f, index }))
    .sort(
      (a, b) =>
        SCALAR_RANK[a.f.discovered.spec.scope]! - SCALAR_RANK[b.f.discovered.spec.scope]! ||
        a.index - b.index,
    )
    .map(({ f }) => f);
  const diagnostics: Diagnostic[] = [];
  let disable: { value: boolean; file: LoadedFile } | undefined;
  let managedOnly: { value: boolean; file: LoadedFile } | undefined;
  for (const file of settings) {
    const p = file.result.policy;
    if (p.disableAllHooks !== undefined) disable = { value: p.disableAllHooks, file };
    if (p.allowManagedHooksOnly === undefined) continue;
    if (file.discovered.spec.scope === 'managed') managedOnly = { value: p.allowManagedHooksOnly, file };
    else {
      diagnostics.push(
        diagnostic(
          'CONFIG_POLICY_KEY_IGNORED',
          'allowManagedHooksOnly is honoured only in managed settings',
          {
            file: file.discovered.file,
            pointer: '/allowManagedHooksOnly',
          },
        ),
      );
    }
  }
  const managed = settings.filter((f) => f.discovered.spec.scope === 'managed');
  const policy: EffectivePolicy = { managedOnly: managedOnly?.value === true };
  if (disable) policy.disableAllHooks = disable.value;
  if (managedOnly) policy.allowManagedHooksOnly = managedOnly.value;
  const urls = union(settings.map((f) => f.result.policy.allowedHttpHookUrls));
  const envVars = union(settings.map((f) => f.result.policy.httpHookAllowedEnvVars));
  const managedUrls = union(managed.map((f) => f.result.policy.allowedHttpHookUrls));
  const managedEnv = union(managed.map((f) => f.result.policy.httpHookAllowedEnvVars));
  if (urls) policy.allowedHttpHookUrls = urls;
  if (envVars) policy.httpHookAllowedEnvVars = envVars;
  if (managedUrls) policy.managedAllowedHttpHookUrls = managedUrls;
  if (managedEnv) policy.managedHttpHookAllowedEnvVars = managedEnv;
  return {
    policy,
    ...(disable?.value ? { disabledBy: disable.file } : {}),
    ...(managedOnly?.value ? { managedOnlyBy: managedOnly.file } : {}),
    diagnostics,
  };
}

function skipReason(h: NormalizedHandler, s: ClaudeSwitches): Omit<SkippedEntry, 'source'> | undefined {
  const managed = h.source.scope === 'managed';
  if (s.disabledBy) {
    const where = `${s.disabledBy.discovered.spec.scope} settings ${s.disabledBy.discovered.file}`;
    if (s.disabledBy.discovered.spec.scope === 'managed') {
      return { code: 'CONFIG_HOOKS_DISABLED', why: `disableAllHooks is true in ${where}: every hook is off` };
    }
    if (!managed) {
      return {
        code: 'CONFIG_HOOKS_DISABLED',
        why: `disableAllHooks is true in ${where} (managed hooks keep running)`,
      };
    }
  }
  if (s.managedOnlyBy && !managed) {
    return {
      code: 'CONFIG_MANAGED_ONLY',
      why: `allowManagedHooksOnly is true in managed settings ${s.managedOnlyBy.discovered.file}: only managed hooks run`,
    };
  }
  if (h.type === 'http') {
    const patterns = managed ? s.policy.managedAllowedHttpHookUrls : s.policy.allowedHttpHookUrls;
    if (!urlAllowed(h.spec.url, patterns)) {
      return {
        code: 'CONFIG_HTTP_URL_NOT_ALLOWED',
        why: `URL ${h.spec.url} matches no allowedHttpHookUrls pattern (${(patterns ?? []).join(', ') || 'empty list'})`,
      };
    }
  }
  return undefined;
}

/** Claude Code: disable switches, managed-only and the HTTP URL allowlist (§6.2). */
export function applyClaudePolicy(files: readonly LoadedFile[]): PolicyOutcome {
  const switches = claudeSwitches(files);
  const out: PolicyOutcome = {
    handlers: [],
    prompts: [],
    skipped: [],
    held: [],
    diagnostics: [...switches.diagnostics],
    policy: switches.policy,
  };
  for (const file of files) {
    for (const h of file.result.handlers) {
      const reason = skipReason(h, switches);
      if (reason) {
        out.skipped.push({ source: h.source, ...reason });
        out.held.push({ handler: h, why: reason.why });
      } else out.handlers.push(h);
    }
    out.prompts.push(...file.result.prompts);
  }
  return out;
}
