import { isProjectHandler } from '../../config/trust/fingerprint.ts';
import { createTrustStore, defaultTrustStorePath, trustStatus } from '../../config/trust/index.ts';
import { ERROR_CODES } from '../../errors.ts';
import { handlerFinding } from '../finding.ts';
import type { CheckContext, Finding } from '../types.ts';

const NOT_RUN = ERROR_CODES.DOCTOR_HOOK_NOT_RUN;
/** Fixes worded for a project rather than an embedder (the catalogue's names the engine option). */
const PROJECT_FIXES: Readonly<Record<string, string>> = {
  CONFIG_CLAUDE_HOOKS_OFF:
    'Set `"chat.useClaudeHooks": true` in .vscode/settings.json (or your user settings), or convert the file for VS Code.',
};

/** Hooks the configuration itself switches off: disableAllHooks, managed-only, URL allowlist, VS Code's chat.useClaudeHooks. */
function skipped(ctx: CheckContext): Finding[] {
  return ctx.generation.skipped
    .filter((s) => ctx.owned.has(s.source.file))
    .map((s) => {
      const cause =
        s.code !== undefined && s.code in ERROR_CODES
          ? ERROR_CODES[s.code as keyof typeof ERROR_CODES]
          : undefined;
      return {
        code: 'DOCTOR_HOOK_NOT_RUN' as const,
        severity: NOT_RUN.severity,
        message: `hook not run: ${s.why}${s.code ? ` [${s.code}]` : ''}`,
        host: `${ctx.profile} loads the hook but never runs it: ${s.why}`,
        fix: (s.code && PROJECT_FIXES[s.code]) || cause?.fix || NOT_RUN.fix,
        profile: ctx.profile,
        file: s.source.file,
        line: s.source.line ?? 1,
        column: s.source.column ?? 1,
        pointer: s.source.pointer,
      };
    });
}

/** With --require-trust, project hooks that are not approved (or changed since) are skipped. */
function untrusted(ctx: CheckContext): Finding[] {
  if (!ctx.requireTrust) return [];
  const project = ctx.handlers.filter((h) => isProjectHandler(h, ctx.projectDir));
  let reason: string;
  try {
    const status = trustStatus(
      project,
      ctx.projectDir,
      createTrustStore(ctx.trustFile ?? defaultTrustStorePath()),
    );
    if (status.trusted) return [];
    reason = status.reason;
  } catch (error) {
    reason = `the trust store cannot be read: ${(error as Error).message}`;
  }
  return project.map((handler) =>
    handlerFinding('DOCTOR_HOOK_NOT_RUN', handler, {
      profile: ctx.profile,
      message: `${handler.event} hook not run: untrusted, ${reason}`,
      host: '`run --require-trust` (and the bridge with trust required) skips unapproved project hooks',
      fix: 'Review the hooks, then run `agent-hooks trust` in the project',
    }),
  );
}

/** Hooks that are configured but will not run, and why. */
export function checkNotRun(ctx: CheckContext): Finding[] {
  return [...skipped(ctx), ...untrusted(ctx)];
}
