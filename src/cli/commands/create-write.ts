import { readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ConvertTarget,
  convertConfig,
  detectConfigKind,
  type LossyStep,
} from '../../config/convert/index.ts';
import { type ConfigKind, readConfig } from '../../config/read-config.ts';
import {
  applyConfigWrite,
  type ConfigWrite,
  checkConfigWrite,
  planConfigWrite,
  WriteRefused,
  writeTarget,
} from '../write/config-write.ts';

/** A hook script: read and run by its owner, read and run by everyone else. */
const EXECUTABLE_MODE = 0o755;

/** The dialect `create` writes for each kind of target file; other kinds hold no hooks of their own. */
const TARGET_DIALECT: Partial<Record<ConfigKind, ConvertTarget>> = {
  'claude-settings': 'claude',
  'copilot-hooks-file': 'copilot',
  'vscode-hooks': 'vscode',
};

/** The target's kind: an existing file by the detector `convert` uses; a new one by its path. */
export function targetKind(targetFile: string): ConfigKind {
  let text = '';
  try {
    text = readFileSync(targetFile, 'utf8');
  } catch {
    // A new file: only its path tells the kind. `.github/hooks/*.json` is where Copilot CLI reads hooks files.
    const parts = targetFile.split(path.sep);
    const at = parts.lastIndexOf('hooks');
    if (at > 0 && parts[at - 1] === '.github') return 'copilot-hooks-file';
  }
  return detectConfigKind(targetFile, text);
}

export interface CreatePlan {
  kind: ConfigKind;
  write: ConfigWrite;
  lossy: LossyStep[];
}

function problemsOf(file: string, text: string, kind: ConfigKind): string[] {
  return readConfig({ file, text, kind, scope: 'project' })
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code} at line ${d.line ?? '?'}: ${d.message}`);
}

/**
 * Plans the exact text `create` writes into the target: the Claude Code hooks the model proposed,
 * converted to the target's dialect and merged into the file (other keys and formatting kept).
 * Returns the problems when the file, or the merged result, is not valid.
 */
export function planCreateWrite(hooks: Record<string, unknown>, targetFile: string): CreatePlan | string[] {
  const kind = targetKind(targetFile);
  const to = TARGET_DIALECT[kind];
  if (to === undefined)
    return [`${kind} files cannot hold hooks written by create; choose a hooks file as --target`];
  let before: string | undefined;
  try {
    before = readFileSync(targetFile, 'utf8');
  } catch {
    before = undefined;
  }
  if (before !== undefined) {
    const problems = problemsOf(targetFile, before, kind);
    if (problems.length) return problems;
  }
  // Compat keys for Copilot: PascalCase events send the snake_case payload the proposed scripts read.
  const converted = convertConfig(JSON.stringify({ hooks }), 'claude-settings', to, {
    file: targetFile,
    copilotKeys: 'compat',
  });
  let write: ConfigWrite;
  try {
    write = planConfigWrite(targetFile, JSON.parse(converted.text) as Record<string, unknown>, {
      force: false,
    });
  } catch (error) {
    if (error instanceof WriteRefused) return [error.message];
    throw error;
  }
  const problems = problemsOf(targetFile, write.after, kind);
  if (problems.length) return problems;
  return { kind, write, lossy: converted.lossy };
}

/**
 * What would stop the writes, checked before anyone is asked, as the writer checks them (a link to
 * nothing, a file or folder this user may not write): a dry run that passes predicts a write that
 * does.
 */
export function writeRefusal(write: ConfigWrite, scriptFile: string | undefined): string | undefined {
  try {
    checkConfigWrite(write);
    if (scriptFile) writeTarget(scriptFile, false);
    return undefined;
  } catch (error) {
    if (error instanceof WriteRefused) return error.message;
    throw error;
  }
}

/** The script (executable), then the settings: the hooks never name a script that is not there. */
export async function writeProposal(
  write: ConfigWrite,
  scriptFile: string | undefined,
  script: string,
): Promise<void> {
  if (scriptFile) {
    await mkdir(path.dirname(scriptFile), { recursive: true });
    await writeFile(scriptFile, script.endsWith('\n') ? script : `${script}\n`);
    await chmod(scriptFile, EXECUTABLE_MODE);
  }
  applyConfigWrite(write);
}
