import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { guessKind } from '../../config/discovery/guess-kind.ts';
import { loadConfig } from '../../config/generation/load-config.ts';
import type { LoadOptions } from '../../config/generation/types.ts';
import { type ConfigKind, readConfig } from '../../config/read-config.ts';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { CliIo } from '../cli-io.ts';
import { addCommonOptions, type CommonOptions } from '../common-options.ts';

const KINDS: readonly ConfigKind[] = [
  'claude-settings',
  'claude-plugin-hooks',
  'copilot-hooks-file',
  'copilot-settings',
  'vscode-hooks',
  'frontmatter',
];

export interface ValidateOptions extends CommonOptions {
  strict?: boolean;
  kind?: ConfigKind;
}

/** Everything `validate`/`list` need that the command line does not say; tests inject it. */
export type LoadOverrides = Partial<
  Pick<LoadOptions, 'homeDir' | 'managedDir' | 'copilotPolicyDir' | 'env' | 'vscodeSettings' | 'platform'>
>;

export type Write = (text: string) => void;

export function loadOptionsFromCli(
  options: CommonOptions & { strict?: boolean },
  overrides: LoadOverrides = {},
): LoadOptions {
  return {
    profile: options.profile,
    cwd: path.resolve(options.cwd),
    noUser: !options.user,
    settingsFiles: options.settings,
    pluginDirs: options.pluginDir,
    ...(options.strict ? { strict: true } : {}),
    ...overrides,
  };
}

/** `file:line:column`, relative to `cwd` when the file is inside it. */
export function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

export function formatDiagnostic(d: Diagnostic, cwd: string, color = false): string {
  const where = d.file ? `${displayPath(d.file, cwd)}:${d.line ?? 1}:${d.column ?? 1} ` : '';
  const paint = !color
    ? (s: string) => s
    : d.severity === 'error'
      ? pc.red
      : d.severity === 'warning'
        ? pc.yellow
        : pc.dim;
  const hint = d.suggestion && !/did you mean/i.test(d.message) ? ` (did you mean ${d.suggestion})` : '';
  return `${where}${paint(d.severity)} ${d.code} ${d.message}${hint}`;
}

function strictly(d: Diagnostic, strict: boolean | undefined): Diagnostic {
  return strict && d.severity === 'warning' ? { ...d, severity: 'error' } : d;
}

/** VS Code reads every hooks JSON with one reader that recognises Claude files by path (§2.4). */
function readerKind(kind: ConfigKind, profile: CommonOptions['profile']): ConfigKind {
  return profile === 'vscode' && kind !== 'frontmatter' ? 'vscode-hooks' : kind;
}

async function validateFiles(files: string[], options: ValidateOptions): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const given of files) {
    const file = path.resolve(options.cwd, given);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      out.push(diagnostic('CONFIG_FILE_UNREADABLE', `cannot read ${given}: ${why}`, { file }));
      continue;
    }
    const kind = options.kind ?? readerKind(guessKind(file, text, options.profile), options.profile);
    const result = readConfig({
      file,
      text,
      kind,
      scope: 'project',
      ...(options.strict ? { strict: true } : {}),
    });
    out.push(...result.diagnostics);
  }
  return out;
}

/** Runs `validate`; returns the exit status (1 when any error was found). */
export async function runValidate(
  files: string[],
  options: ValidateOptions,
  write: Write,
  overrides: LoadOverrides = {},
): Promise<number> {
  const cwd = path.resolve(options.cwd);
  const found =
    files.length > 0
      ? await validateFiles(files, { ...options, cwd })
      : [...(await loadConfig(loadOptionsFromCli({ ...options, cwd }, overrides))).diagnostics];
  const diagnostics = found.map((d) => strictly(d, options.strict));
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  if (options.json) {
    write(`${JSON.stringify({ diagnostics, errors, warnings })}\n`);
  } else {
    const color = pc.isColorSupported;
    for (const d of diagnostics) write(`${formatDiagnostic(d, cwd, color)}\n`);
    write(`${errors} error(s), ${warnings} warning(s)\n`);
  }
  return errors > 0 ? 1 : 0;
}

function parseKind(value: string): ConfigKind {
  if ((KINDS as readonly string[]).includes(value)) return value as ConfigKind;
  throw new Error(`unknown kind "${value}"; expected one of ${KINDS.join(', ')}`);
}

export function registerValidateCommand(program: Command, io: CliIo): void {
  const command = program
    .command('validate')
    .description('check hook configuration files (or everything discovered) and report located diagnostics')
    .argument('[files...]', 'files to validate; default: every location of the profile')
    .option('--strict', 'treat warnings as errors', false)
    .option('--kind <kind>', `file format, instead of guessing: ${KINDS.join(' | ')}`, parseKind);
  addCommonOptions(command).action(async (files: string[], options: ValidateOptions) => {
    io.setExitCode(await runValidate(files, options, io.stdout));
  });
}
