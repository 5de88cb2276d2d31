import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { detectConfigKind } from '../../config/convert/index.ts';
import { VSCODE_AGENT_SUFFIX } from '../../config/discovery/vscode.ts';
import { loadConfig } from '../../config/generation/load-config.ts';
import { type HostReading, readingFor } from '../../config/host-reading.ts';
import { type ConfigKind, readConfig } from '../../config/read-config.ts';
import { readRegularFile } from '../../config/read-regular-file.ts';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { CliIo } from '../cli-io.ts';
import { addCommonOptions, type CommonOptions } from '../common-options.ts';
import {
  displayPath,
  formatDiagnostic,
  type LoadOverrides,
  loadOptionsFromCli,
  type Write,
} from '../diagnostic-lines.ts';
import { loadEveryHost } from '../hosts.ts';
import { CliUsageError } from '../usage-error.ts';

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
  /** Check every host's locations, grouped by host (the CLI's default when --profile is not given). */
  allHosts?: boolean;
}

/** What one host (or the given files) was checked for. */
interface CheckGroup {
  /** A host, or `files` for the files named on the command line. */
  name: string;
  checked: string[];
  diagnostics: Diagnostic[];
}

function strictly(d: Diagnostic, strict: boolean | undefined): Diagnostic {
  return strict && d.severity === 'warning' ? { ...d, severity: 'error' } : d;
}

/** VS Code reads every hooks JSON with one reader that recognises Claude files by path (§2.4). */
function readerKind(kind: ConfigKind, profile: CommonOptions['profile']): ConfigKind {
  return profile === 'vscode' && kind !== 'frontmatter' ? 'vscode-hooks' : kind;
}

/**
 * The reading of one file: a guessed kind as the host picks a reader by path (readerKind); an
 * explicit `--kind` says what the file is whatever its path, so it is read as the profile's host
 * reads that kind (readingFor), as an inline source of that kind is: under vscode, `--kind
 * claude-settings` is VS Code's reading of a Claude file (other-agents-hooks.md §2.4).
 */
function readingOf(file: string, text: string, options: ValidateOptions): HostReading {
  if (options.kind) return readingFor(options.kind, options.profile);
  return { kind: readerKind(detectConfigKind(file, text), options.profile) };
}

/** A VS Code custom agent (`*.agent.md`, the only Markdown VS Code reads hooks from), checked for vscode. */
function isVscodeAgent(file: string, kind: ConfigKind, profile: CommonOptions['profile']): boolean {
  return profile === 'vscode' && kind === 'frontmatter' && file.endsWith(VSCODE_AGENT_SUFFIX);
}

/** Warnings a typo usually causes: `--strict` turns them into errors, and the summary says so. */
const UNKNOWN_NAMES: ReadonlySet<string> = new Set(['CONFIG_UNKNOWN_KEY', 'CONFIG_UNKNOWN_EVENT']);

/** Files with these endings inside a folder given to `validate DIR` are checked. */
const HOOK_FILE = /\.(json|jsonc|md)$/;

/** The files `validate FILE…` checks: each file as given, and the hook-looking files in each folder. */
async function expandGiven(given: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of given) {
    const file = path.resolve(cwd, entry);
    const isDir = await stat(file).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isDir) {
      files.push(file);
      continue;
    }
    const names = (await readdir(file)).filter((name) => HOOK_FILE.test(name)).sort();
    files.push(...names.map((name) => path.join(file, name)));
  }
  return files;
}

async function validateFiles(files: string[], options: ValidateOptions): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readRegularFile(file);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      out.push(diagnostic('CONFIG_FILE_UNREADABLE', `cannot read ${file}: ${why}`, { file }));
      continue;
    }
    // The one detector `convert` uses: by path as the hosts decide, then by content.
    const reading = readingOf(file, text, options);
    const result = readConfig({
      file,
      text,
      ...reading,
      scope: 'project',
      ...(options.strict ? { strict: true } : {}),
      ...(isVscodeAgent(file, reading.kind, options.profile) ? { vscodeAgent: true } : {}),
    });
    out.push(...result.diagnostics);
  }
  return out;
}

function filesRead(locations: readonly { status: string; path: string }[]): string[] {
  return locations.filter((l) => l.status === 'found' || l.status === 'error').map((l) => l.path);
}

async function checkGroups(
  files: string[],
  options: ValidateOptions,
  overrides: LoadOverrides,
): Promise<CheckGroup[]> {
  if (files.length > 0) {
    const expanded = await expandGiven(files, options.cwd);
    return [{ name: 'files', checked: expanded, diagnostics: await validateFiles(expanded, options) }];
  }
  const load = loadOptionsFromCli(options, overrides);
  if (options.allHosts) {
    const checks = await loadEveryHost(load);
    return checks.map((c) => ({ name: c.profile, checked: c.checked, diagnostics: c.diagnostics }));
  }
  const generation = await loadConfig(load);
  return [
    {
      name: options.profile,
      checked: filesRead(generation.locations),
      diagnostics: [...generation.diagnostics],
    },
  ];
}

function renderGroups(groups: readonly CheckGroup[], cwd: string, write: Write): void {
  const color = pc.isColorSupported;
  for (const group of groups) {
    const title = group.name === 'files' ? 'files' : `${group.name} locations`;
    write(`${pc.bold(title)}: checked ${group.checked.length} file(s)\n`);
    for (const file of group.checked) write(`  ${pc.dim('checked')} ${displayPath(file, cwd)}\n`);
    for (const d of group.diagnostics) write(`${formatDiagnostic(d, cwd, color)}\n`);
  }
}

/**
 * Runs `validate`; returns the exit status (1 when any error was found). Without files it checks
 * the profile's locations, or with `allHosts` every host's, grouped by host.
 */
export async function runValidate(
  files: string[],
  options: ValidateOptions,
  write: Write,
  overrides: LoadOverrides = {},
): Promise<number> {
  const cwd = path.resolve(options.cwd);
  const groups = (await checkGroups(files, { ...options, cwd }, overrides)).map((group) => ({
    ...group,
    diagnostics: group.diagnostics.map((d) => strictly(d, options.strict)),
  }));
  const diagnostics = groups.flatMap((group) => group.diagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  if (options.json) {
    const hosts = groups.map((g) => ({ host: g.name, checked: g.checked, diagnostics: g.diagnostics }));
    write(`${JSON.stringify({ diagnostics, errors, warnings, hosts })}\n`);
  } else {
    renderGroups(groups, cwd, write);
    write(`${errors} error(s), ${warnings} warning(s)\n`);
    const unknown = diagnostics.filter((d) => d.severity === 'warning' && UNKNOWN_NAMES.has(d.code)).length;
    if (unknown > 0)
      write(`${unknown} unknown key(s) or event(s) are warnings; --strict makes them errors\n`);
  }
  return errors > 0 ? 1 : 0;
}

function parseKind(value: string): ConfigKind {
  if ((KINDS as readonly string[]).includes(value)) return value as ConfigKind;
  throw new CliUsageError(`unknown kind "${value}"; expected one of ${KINDS.join(', ')}`);
}

export function registerValidateCommand(program: Command, io: CliIo): void {
  const command = program
    .command('validate')
    .description('check hook configuration files (or everything discovered) and report located diagnostics')
    .argument(
      '[files...]',
      'files or folders to validate (kinds detected as convert does); default: the locations of every host, or of --profile',
    )
    .option('--strict', 'treat warnings as errors', false)
    .option(
      '--kind <kind>',
      `file format, instead of guessing, read as the --profile host reads it: ${KINDS.join(' | ')}`,
      parseKind,
    );
  addCommonOptions(command).action(async (files: string[], options: ValidateOptions, self: Command) => {
    const allHosts = self.getOptionValueSource('profile') === 'default';
    io.setExitCode(await runValidate(files, { ...options, allHosts }, io.stdout));
  });
}
