import type { ProfileName } from '../../model/profile-name.ts';
import type { Scope } from '../../model/source.ts';
import type { ConfigKind } from '../read-config.ts';

/** `ConfigChange.source` values (claude-code-hooks.md §2.21). */
export type ConfigChangeSource =
  | 'user_settings'
  | 'project_settings'
  | 'local_settings'
  | 'policy_settings'
  | 'skills';

/**
 * How a location names its files: one file, or a folder scanned for a shape of entry.
 * `skill` means `<dir>/<name>/SKILL.md`; the other globs are single-level file-name suffixes.
 */
export type LocationShape = 'file' | 'folder-json' | 'folder-md' | 'folder-agent-md' | 'folder-skill';

/** One row of a profile's discovery table, resolved against the project and home directories. */
export interface LocationSpec {
  /** The location as documented (`~/.claude/settings.json`, `.github/hooks/*.json`). */
  pattern: string;
  /** Absolute path of the file, or of the folder for folder shapes. */
  path: string;
  shape: LocationShape;
  kind: ConfigKind;
  scope: Scope;
  /** Lives in the home directory (ignored by `--no-user`). */
  userLevel: boolean;
  /** Set when the location is switched off; it is reported, never read. */
  disabledReason?: string;
  /** `--settings '{…}'`: the configuration text itself, read instead of a file. */
  inlineText?: string;
  /**
   * Named explicitly (`--settings FILE`): a missing file is an error, as in Claude Code
   * ("Settings file not found"), not a quiet `missing` row — a typo must not drop a guard.
   */
  mustExist?: boolean;
  /** Set when the location itself is invalid (a VS Code absolute path); reported as an error. */
  rejectedReason?: string;
  /** Source reported by the watcher when a file here changes; undefined = reload without a notice. */
  changeSource?: ConfigChangeSource;
  pluginRoot?: string;
  pluginData?: string;
  /** `.github/agents/*.agent.md` under the vscode profile: read with VS Code's rules (ReadOptions). */
  vscodeAgent?: boolean;
  /** Copilot policy files must be root-owned and not group/world-writable (other-agents-hooks.md §1.2). */
  requireSecureOwner?: boolean;
  /** Copilot `.github/copilot/settings*.json` and `~/.copilot/settings.json`: their disableAllHooks is global. */
  settingsWideDisable?: boolean;
  /** Order of a folder's files by name; default ascending (copilot-cli-observed.md: `.github/hooks/` descends). */
  fileOrder?: 'ascending' | 'descending';
  /**
   * An engine `sources` entry (LoadOptions.sources), not a place on disk: its policy keys join the
   * merge as a file of its scope would, but discovery's gates (`chat.useClaudeHooks`, Copilot
   * folder trust) decide which files a host loads, not what an embedder passed on purpose.
   */
  engineSource?: true;
}

export type LocationStatus = 'found' | 'missing' | 'disabled' | 'error';

/** What discovery saw at one location (one row per file found, or one row for an empty place). */
export interface LocationReport {
  pattern: string;
  path: string;
  kind: ConfigKind;
  scope: Scope;
  userLevel: boolean;
  status: LocationStatus;
  reason?: string;
  /** Handlers read from the file (status `found` only). */
  handlers?: number;
}

/** A file to read, with everything the reader and the policy step need to know about it. */
export interface DiscoveredFile {
  spec: LocationSpec;
  file: string;
  /** Dedupe namespace: the plugin or skill root (claude-code-hooks.md §4.9). */
  namespace?: string;
  pluginRoot?: string;
  pluginData?: string;
}

/** Inputs to the discovery tables; everything machine-dependent is an explicit value here. */
export interface DiscoveryContext {
  profile: ProfileName;
  projectDir: string;
  homeDir: string;
  noUser: boolean;
  settingsFiles: string[];
  pluginDirs: string[];
  /** Directory holding `managed-settings.json` and `managed-settings.d/`; undefined = platform default. */
  managedDir?: string;
  copilotPolicyDir?: string;
  /** Copilot CLI's `--trust-folder`: the project folder is trusted whatever the host's settings say. */
  copilotTrustFolder?: boolean;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  vscodeSettings: VscodeSettings;
}

export interface VscodeSettings {
  /** Merged over the defaults; `false` switches a location off (seed 000, other-agents-hooks.md §2.2). */
  hookFilesLocations?: Record<string, boolean>;
  /** Agent-scoped hooks in `*.agent.md` frontmatter; default false. */
  useCustomAgentHooks?: boolean;
  /** Claude-format files are listed but run only when true; default false (other-agents-hooks.md §2.2). */
  useClaudeHooks?: boolean;
}
