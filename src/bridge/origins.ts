// Which host each hook file belongs to. Every file is read once, by the first host in ORIGIN_ORDER
// whose discovery table lists it, and its hooks then run with that host's semantics. A file the
// calling host reads itself is "native": the host already runs it, so the bridge skips it unless
// asked to include it.
import { vscodeSettingsFiles } from '../config/discovery/vscode-settings.ts';
import { type ConfigGeneration, type LoadOptions, loadConfig } from '../config/generation/index.ts';
import { discoveryContext } from '../config/generation/load-config.ts';
import { readRegularFile } from '../config/read-regular-file.ts';
import type { Diagnostic } from '../errors.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { bridgeEntryOf } from './entry.ts';

/**
 * Claude files first: Copilot CLI also reads `.claude/settings*.json` (other-agents-hooks.md §1.2
 * step 4) and VS Code reads them too (§2.2), but they are Claude's format. Then Copilot, whose
 * `.github/hooks` folder VS Code reads as well (§2.2 defaults).
 */
export const ORIGIN_ORDER: readonly ProfileName[] = ['claude-code', 'copilot-cli', 'vscode'];

/** The hooks of one origin host that the bridge will run. */
export interface OriginHooks {
  origin: ProfileName;
  handlers: NormalizedHandler[];
  /** The files of this origin (found or broken) that the bridge reads. */
  files: string[];
}

export interface BridgeConfig {
  origins: OriginHooks[];
  /** Files skipped because the calling host runs them itself. */
  nativeFiles: string[];
  /**
   * Files with another host's bridge entries (`bridge install`). The bridge does not start them:
   * a nested bridge would answer "no decision" (AGENT_HOOKS_BRIDGE) after a whole Node start.
   */
  bridgeEntryFiles: string[];
  /** Problems in the files the bridge reads (native files are the host's business). */
  diagnostics: Diagnostic[];
  /** Files that could not be read or parsed at all. */
  brokenFiles: { file: string; reason: string }[];
}

export interface BridgeLoadOptions extends Omit<LoadOptions, 'profile'> {
  /** The calling host. */
  host: ProfileName;
  /** Run the calling host's own files too. */
  includeNative: boolean;
  /** Read only these origins (`--from`); default all. */
  from?: readonly ProfileName[];
}

/** Files a generation read or tried to read: found ones and those that failed. */
function filesOf(generation: ConfigGeneration): string[] {
  const files: string[] = [];
  for (const report of generation.locations) {
    if (report.status === 'found' || report.status === 'error') files.push(report.path);
  }
  return files;
}

/** Files a host runs hooks from: what it found, less files its policy keeps from running. */
function runsFrom(generation: ConfigGeneration): Set<string> {
  return new Set(generation.handlers.map((handler) => handler.source.file));
}

/**
 * Files in a folder both Copilot CLI and VS Code read (`.github/hooks`) that are VS Code's format:
 * VS Code tells the two apart by a `version` field (other-agents-hooks.md §2.4 step 1).
 */
async function vscodeFormatFiles(copilot: ConfigGeneration, vscode: ConfigGeneration): Promise<Set<string>> {
  const vscodeFiles = new Set(filesOf(vscode));
  const shared = filesOf(copilot).filter((file) => vscodeFiles.has(file));
  const found = new Set<string>();
  for (const file of shared) {
    try {
      const parsed: unknown = JSON.parse(await readRegularFile(file));
      if (typeof parsed === 'object' && parsed !== null && !('version' in parsed)) found.add(file);
    } catch {
      // Unreadable, not a regular file or not JSON: Copilot's reader reports it.
    }
  }
  return found;
}

/** VS Code's settings files, where the vscode profile reads `chat.hookFilesLocations`. */
function settingsFiles(load: Omit<LoadOptions, 'profile'>): string[] {
  return load.vscodeSettings ? [] : vscodeSettingsFiles(discoveryContext({ ...load, profile: 'vscode' }));
}

/** Loads every host's configuration and assigns each file to one origin. */
export async function loadBridgeConfig(options: BridgeLoadOptions): Promise<BridgeConfig> {
  const { host, includeNative, from, ...load } = options;
  // The calling host decided to run the bridge in this folder: its trust decision stands, so
  // Copilot's own folder trust does not hold repository hooks back here.
  const generations = await Promise.all(
    ORIGIN_ORDER.map((profile) => loadConfig({ ...load, copilotTrustFolder: true, profile })),
  );
  const byProfile = new Map(ORIGIN_ORDER.map((profile, i) => [profile, generations[i] as ConfigGeneration]));
  const native = includeNative ? new Set<string>() : runsFrom(byProfile.get(host) as ConfigGeneration);
  const claimed = new Set<string>();
  // Left to VS Code: Copilot does not claim them.
  const vscodeOnly = await vscodeFormatFiles(
    byProfile.get('copilot-cli') as ConfigGeneration,
    byProfile.get('vscode') as ConfigGeneration,
  );
  const config: BridgeConfig = {
    origins: [],
    nativeFiles: [],
    bridgeEntryFiles: [],
    diagnostics: [],
    brokenFiles: [],
  };
  for (const origin of ORIGIN_ORDER) {
    const generation = byProfile.get(origin) as ConfigGeneration;
    const own = filesOf(generation).filter(
      (file) => !claimed.has(file) && !(origin === 'copilot-cli' && vscodeOnly.has(file)),
    );
    for (const file of own) claimed.add(file);
    if (from && !from.includes(origin)) continue;
    const files = own.filter((file) => !native.has(file));
    config.nativeFiles.push(...own.filter((file) => native.has(file)));
    const fileSet = new Set(files);
    // VS Code's settings decide which files are VS Code's: a problem there is the bridge's too,
    // unless VS Code is the caller and reports its own settings itself.
    const vscodeSettingsMatter = origin === 'vscode' && (host !== 'vscode' || includeNative);
    const reported = vscodeSettingsMatter ? new Set([...files, ...settingsFiles(load)]) : fileSet;
    const handlers = generation.handlers.filter((handler) => fileSet.has(handler.source.file));
    const entries = handlers.filter((handler) => bridgeEntryOf(handler) !== undefined);
    config.bridgeEntryFiles.push(...entries.map((handler) => handler.source.file));
    config.origins.push({
      origin,
      files,
      handlers: handlers.filter((handler) => bridgeEntryOf(handler) === undefined),
    });
    config.diagnostics.push(
      ...generation.diagnostics.filter((d) => d.file !== undefined && reported.has(d.file)),
    );
    for (const report of generation.locations) {
      if (report.status === 'error' && fileSet.has(report.path))
        config.brokenFiles.push({ file: report.path, reason: report.reason ?? 'unreadable' });
    }
  }
  config.nativeFiles = [...new Set(config.nativeFiles)];
  config.bridgeEntryFiles = [...new Set(config.bridgeEntryFiles)];
  return config;
}
