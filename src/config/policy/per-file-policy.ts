import type { SourceRef } from '../../model/source.ts';
import type { CopilotFolderTrust } from '../discovery/copilot-trust.ts';
import { isVscodeClaudeFile } from '../discovery/vscode.ts';
import { copilotClaudeKeyNotes } from './copilot-claude-keys.ts';
import type { LoadedFile, PolicyOutcome, SkippedEntry } from './types.ts';

function fileDisabled(file: LoadedFile): boolean {
  return file.result.fileDisabled || file.result.policy.disableAllHooks === true;
}

function pushAll(
  out: PolicyOutcome,
  file: LoadedFile,
  reason: Omit<SkippedEntry, 'source'> | undefined,
): void {
  const take = (source: SourceRef): boolean => {
    if (reason) out.skipped.push({ source, ...reason });
    return !reason;
  };
  for (const h of file.result.handlers) {
    if (take(h.source)) out.handlers.push(h);
    else if (reason) out.held.push({ handler: h, why: reason.why });
  }
  for (const p of file.result.prompts) if (take(p.source)) out.prompts.push(p);
}

/** The repository's own files, which Copilot CLI loads only in a trusted folder. */
const REPOSITORY_SCOPES: ReadonlySet<string> = new Set(['project', 'local']);

/**
 * Copilot CLI (other-agents-hooks.md §1.2): `disableAllHooks` inside a hooks file turns off that
 * file only; at the top level of a Copilot settings file it turns off every non-policy hook.
 * Policy hooks ignore both (a policy file may still switch itself off). The repository's files
 * load only in a trusted folder (copilot-cli-observed.md); a folder not trusted holds them back
 * (an engine source is not a repository file: the embedder passed it on purpose).
 */
export function applyCopilotPolicy(
  files: readonly LoadedFile[],
  folderTrust: CopilotFolderTrust = { trusted: true, why: 'not checked' },
): PolicyOutcome {
  const globalBy = files.find(
    (f) => f.discovered.spec.settingsWideDisable && f.result.policy.disableAllHooks === true,
  );
  const out: PolicyOutcome = {
    handlers: [],
    prompts: [],
    skipped: [],
    held: [],
    diagnostics: copilotClaudeKeyNotes(files),
    policy: { managedOnly: false, ...(globalBy ? { disableAllHooks: true } : {}) },
  };
  for (const file of files) {
    let reason: Omit<SkippedEntry, 'source'> | undefined;
    if (fileDisabled(file)) {
      reason = {
        code: 'CONFIG_HOOKS_DISABLED',
        why: `disableAllHooks is true in ${file.discovered.file} (this file only)`,
      };
    } else if (globalBy && file.discovered.spec.scope !== 'policy') {
      reason = {
        code: 'CONFIG_HOOKS_DISABLED',
        why: `disableAllHooks is true in ${globalBy.discovered.file}: every non-policy hook is off`,
      };
    } else if (
      !folderTrust.trusted &&
      REPOSITORY_SCOPES.has(file.discovered.spec.scope) &&
      !file.discovered.spec.engineSource
    ) {
      reason = { code: 'CONFIG_COPILOT_FOLDER_UNTRUSTED', why: folderTrust.why };
    }
    pushAll(out, file, reason);
  }
  return out;
}

/**
 * VS Code Local harness (other-agents-hooks.md §2.2, §2.4): Claude-format settings files are
 * listed but run only with `chat.useClaudeHooks` (a discovery setting: not for an engine source);
 * `disableAllHooks` hides one file's hooks.
 */
export function applyVscodePolicy(files: readonly LoadedFile[], useClaudeHooks: boolean): PolicyOutcome {
  const out: PolicyOutcome = {
    handlers: [],
    prompts: [],
    skipped: [],
    held: [],
    diagnostics: [],
    policy: { managedOnly: false },
  };
  for (const file of files) {
    let reason: Omit<SkippedEntry, 'source'> | undefined;
    if (fileDisabled(file)) {
      reason = {
        code: 'CONFIG_HOOKS_DISABLED',
        why: `disableAllHooks is true in ${file.discovered.file} (this file only)`,
      };
    } else if (
      isVscodeClaudeFile(file.discovered.file) &&
      !useClaudeHooks &&
      !file.discovered.spec.engineSource
    ) {
      reason = {
        code: 'CONFIG_CLAUDE_HOOKS_OFF',
        why: 'Claude-format hooks run in VS Code only with chat.useClaudeHooks',
      };
    }
    pushAll(out, file, reason);
  }
  return out;
}
