import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import { copilotFolderTrust } from '../discovery/copilot-trust.ts';
import { expandLocations } from '../discovery/expand.ts';
import { discoveryTable } from '../discovery/index.ts';
import type { DiscoveredFile, DiscoveryContext, LocationReport, LocationSpec } from '../discovery/types.ts';
import { readVscodeSettings } from '../discovery/vscode-settings.ts';
import { readingFor } from '../host-reading.ts';
import { applyPolicy } from '../policy/index.ts';
import type { LoadedFile } from '../policy/types.ts';
import { readConfigLazily } from '../read-core.ts';
import { readRegularFile } from '../read-regular-file.ts';
import type { ReadOptions, ReadResult } from '../read-types.ts';
import { keepLastGood, type LastGoodReads, lastGoodKey } from './last-good.ts';
import { sourceFile } from './source-files.ts';
import type { ConfigGeneration, LoadOptions } from './types.ts';

let lastGenerationId = 0;

/** The discovery inputs implied by load options, with every machine default made explicit. */
export function discoveryContext(options: LoadOptions): DiscoveryContext {
  const projectDir = path.resolve(options.cwd, options.projectDir ?? '.');
  const ctx: DiscoveryContext = {
    profile: options.profile,
    projectDir,
    homeDir: path.resolve(options.homeDir ?? os.homedir()),
    noUser: options.noUser === true,
    settingsFiles: (options.settingsFiles ?? []).map((f) =>
      f.trimStart().startsWith('{') ? f : path.resolve(options.cwd, f),
    ),
    pluginDirs: (options.pluginDirs ?? []).map((d) => path.resolve(options.cwd, d)),
    env: options.env ?? process.env,
    platform: options.platform ?? process.platform,
    vscodeSettings: options.vscodeSettings ?? {},
  };
  if (options.managedDir !== undefined) ctx.managedDir = path.resolve(options.cwd, options.managedDir);
  if (options.copilotTrustFolder !== undefined) ctx.copilotTrustFolder = options.copilotTrustFolder;
  if (options.copilotPolicyDir !== undefined) {
    ctx.copilotPolicyDir = path.resolve(options.cwd, options.copilotPolicyDir);
  }
  return ctx;
}

function reportFor(
  spec: LocationSpec,
  file: string,
  status: LocationReport['status'],
  extra = {},
): LocationReport {
  return {
    pattern: spec.pattern,
    path: file,
    kind: spec.kind,
    scope: spec.scope,
    userLevel: spec.userLevel,
    status,
    ...extra,
  };
}

/** POSIX policy files must be root-owned and not group/world-writable (other-agents-hooks.md §1.2). */
async function insecureReason(file: string): Promise<string | undefined> {
  const s = await stat(file);
  if (s.uid !== 0) return 'not owned by root';
  if ((s.mode & 0o022) !== 0) return 'writable by group or others';
  return undefined;
}

interface Sink {
  files: LoadedFile[];
  reports: LocationReport[];
  diagnostics: Diagnostic[];
  /** Each file's last reading that parsed, for the next generation. */
  lastGood: Map<string, ReadResult>;
}

async function readOne(
  found: DiscoveredFile,
  options: LoadOptions,
  sink: Sink,
  previous: LastGoodReads | undefined,
): Promise<void> {
  const { spec, file } = found;
  try {
    const insecure = spec.requireSecureOwner ? await insecureReason(file) : undefined;
    if (insecure) {
      sink.reports.push(reportFor(spec, file, 'error', { reason: `policy file ignored: ${insecure}` }));
      sink.diagnostics.push(
        diagnostic('CONFIG_POLICY_FILE_INSECURE', `policy file ignored: ${insecure}`, { file }),
      );
      return;
    }
    // Never waits on a named pipe or a device put where a hook file was (read-regular-file.ts).
    const text = spec.inlineText ?? (await readRegularFile(file));
    const readOptions: ReadOptions = {
      file,
      text,
      // A source has no path for the host to pick its reader by (host-reading.ts).
      ...(spec.engineSource ? readingFor(spec.kind, options.profile) : { kind: spec.kind }),
      scope: spec.scope,
      ...(found.pluginRoot ? { pluginRoot: found.pluginRoot } : {}),
      ...(found.pluginData ? { pluginData: found.pluginData } : {}),
      ...(found.namespace ? { namespace: found.namespace } : {}),
      ...(options.strict ? { strict: true } : {}),
      ...(spec.vscodeAgent ? { vscodeAgent: true } : {}),
    };
    const read = options.read ? options.read(readOptions) : await readConfigLazily(readOptions);
    // A source's text does not change between generations, and it is no location on disk.
    const result = spec.engineSource
      ? read
      : keepLastGood(lastGoodKey(spec.kind, file), file, read, previous, sink.lastGood);
    sink.files.push({ discovered: found, result });
    sink.diagnostics.push(...result.diagnostics);
    if (!spec.engineSource)
      sink.reports.push(reportFor(spec, file, 'found', { handlers: result.handlers.length }));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    sink.reports.push(reportFor(spec, file, 'error', { reason: why }));
    sink.diagnostics.push(diagnostic('CONFIG_FILE_UNREADABLE', `cannot read ${file}: ${why}`, { file }));
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) {
      // Function handlers carry callbacks; freezing a function is harmless but pointless.
      if (typeof inner !== 'function') deepFreeze(inner);
    }
  }
  return value;
}

/** The discovery context, with VS Code's own settings read when the caller gave none. */
async function settledContext(options: LoadOptions, diagnostics: Diagnostic[]): Promise<DiscoveryContext> {
  const ctx = discoveryContext(options);
  if (ctx.profile === 'vscode' && options.vscodeSettings === undefined && options.discover !== false) {
    // VS Code's own settings files decide its locations unless the caller gave the settings.
    const read = await readVscodeSettings(ctx);
    ctx.vscodeSettings = read.settings;
    diagnostics.push(...read.diagnostics);
  }
  return ctx;
}

/** The files a profile's discovery finds, none of them read (`run` names other hosts' files). */
export async function discoverFiles(options: LoadOptions): Promise<DiscoveredFile[]> {
  const ctx = await settledContext(options, []);
  return (await expandLocations(discoveryTable(ctx))).files;
}

/**
 * Discovers, reads and filters one profile's configuration into a new immutable generation.
 * Never throws for bad configuration: every problem is a diagnostic, a location report or a
 * skipped entry. With the `previous` generation (a reload), a file that no longer parses keeps
 * that generation's reading of it (CONFIG_FILE_KEPT_LAST_GOOD).
 */
export async function loadConfig(
  options: LoadOptions,
  previous?: ConfigGeneration,
): Promise<ConfigGeneration> {
  const sink: Sink = { files: [], reports: [], diagnostics: [], lastGood: new Map() };
  const ctx = await settledContext(options, sink.diagnostics);
  // Every location is looked at and read at once, so the file system's waits overlap (a host
  // starts the CLI on every event, issue 16 item 4); the results keep the table's order, which
  // is the order of precedence.
  const table = options.discover === false ? [] : discoveryTable(ctx);
  const expansions = await Promise.all(table.map((spec) => expandLocations([spec])));
  const reads = await Promise.all(
    expansions.map((expansion) =>
      Promise.all(
        expansion.files.map(async (found) => {
          const own: Sink = { files: [], reports: [], diagnostics: [], lastGood: sink.lastGood };
          await readOne(found, options, own, previous?.lastGood);
          return own;
        }),
      ),
    ),
  );
  expansions.forEach((expansion, i) => {
    sink.reports.push(...expansion.reports);
    sink.diagnostics.push(...expansion.diagnostics);
    for (const own of reads[i] ?? []) {
      sink.files.push(...own.files);
      sink.reports.push(...own.reports);
      sink.diagnostics.push(...own.diagnostics);
    }
  });
  // Sources come after every discovered file, in the order given, as the engine ran them before.
  for (const source of options.sources ?? []) await readOne(sourceFile(source), options, sink, undefined);
  const outcome = applyPolicy(ctx.profile, sink.files, {
    useClaudeHooks: ctx.vscodeSettings.useClaudeHooks === true,
    ...(ctx.profile === 'copilot-cli' && table.length > 0
      ? { folderTrust: await copilotFolderTrust(ctx) }
      : {}),
  });
  const diagnostics = [...sink.diagnostics, ...outcome.diagnostics].map((d) =>
    options.strict && d.severity === 'warning' ? { ...d, severity: 'error' as const } : d,
  );
  lastGenerationId += 1;
  return deepFreeze({
    id: lastGenerationId,
    profile: ctx.profile,
    projectDir: ctx.projectDir,
    handlers: outcome.handlers,
    prompts: outcome.prompts,
    skipped: outcome.skipped,
    held: outcome.held,
    diagnostics,
    locations: sink.reports,
    policy: outcome.policy,
    lastGood: sink.lastGood,
  });
}
