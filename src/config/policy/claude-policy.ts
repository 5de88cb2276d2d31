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

/**
 * A Claude settings text of a scope no settings file has (an engine source of scope `session`,
 * `plugin`, …) has no place in the scalar precedence (§6.1), so its switches are said and ignored.
 */
function unrankedSwitches(file: LoadedFile, diagnostics: Diagnostic[]): void {
  const { scope } = file.discovered.spec;
  for (const key of ['disableAllHooks', 'allowManagedHooksOnly'] as const) {
    if (file.result.policy[key] === undefined) continue;
    const message =
      `${key} is not honoured in a source of scope ${scope}: Claude Code reads it from settings files, ` +
      'whose precedence is managed > --settings > local > project > user (claude-code-hooks.md §6.1); ' +
      'give the source scope user, project, local, cli or managed';
    diagnostics.push(
      diagnostic('CONFIG_POLICY_KEY_IGNORED', message, { file: file.discovered.file, pointer: `/${key}` }),
    );
  }
}

/** The settings files in scalar precedence, lowest first; within a scope, later files win (§6.1). */
function byPrecedence(claudeFiles: readonly LoadedFile[]): LoadedFile[] {
  return claudeFiles
    .filter((f) => SCALAR_RANK[f.discovered.spec.scope] !== undefined)
    .map((f, index) => ({ f, index }))
    .sort(
      (a, b) =>
        SCALAR_RANK[a.f.discovered.spec.scope]! - SCALAR_RANK[b.f.discovered.spec.scope]! ||
        a.index - b.index,
    )
    .map(({ f }) => f);
}

/** Merges the policy keys of every settings file (claude-code-hooks.md §6.2). */
export function claudeSwitches(files: readonly LoadedFile[]): ClaudeSwitches {
  const diagnostics: Diagnostic[] = [];
  const claudeFiles = files.filter((f) => f.discovered.spec.kind === 'claude-settings');
  const settings = byPrecedence(claudeFiles);
  for (const f of claudeFiles) if (!settings.includes(f)) unrankedSwitches(f, diagnostics);
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
  // The lists bind from any file, in a union (§6.2), so a source of any scope adds to them.
  const listed = [...settings, ...claudeFiles.filter((f) => !settings.includes(f))];
  const urls = union(listed.map((f) => f.result.policy.allowedHttpHookUrls));
  const envVars = union(listed.map((f) => f.result.policy.httpHookAllowedEnvVars));
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
