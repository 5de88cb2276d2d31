import type { Diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { Scope } from '../../model/source.ts';
import type { ConfigChangeSource, LocationReport, VscodeSettings } from '../discovery/types.ts';
import type { EffectivePolicy, HeldHandler, SkippedEntry } from '../policy/types.ts';
import type { ConfigKind, CopilotPromptEntry, ReadOptions, ReadResult } from '../read-config.ts';

/** Configuration an embedder keeps in memory (the engine's `sources`), read after the discovered files. */
export interface SourceText {
  /** A name for messages; never opened. */
  file: string;
  kind: ConfigKind;
  scope: Scope;
  text: string;
}

export interface LoadOptions {
  profile: ProfileName;
  cwd: string;
  /** Project root; defaults to `cwd`. */
  projectDir?: string;
  /** Home directory for user-level locations; defaults to `os.homedir()`. */
  homeDir?: string;
  /** Ignore user-level and (unless given explicitly) machine-level configuration. */
  noUser?: boolean;
  /** Claude Code `--settings` files, highest non-managed precedence. */
  settingsFiles?: string[];
  pluginDirs?: string[];
  /** Folder holding `managed-settings.json`; defaults to the platform's documented folder. */
  managedDir?: string;
  /** Copilot `policy.d` folder; defaults to `/etc/github-copilot/policy.d` (Windows: ProgramData). */
  copilotPolicyDir?: string;
  /**
   * Copilot CLI loads repository hooks only in a trusted folder (copilot-cli-observed.md). True
   * trusts the project folder, as the host's `--trust-folder` does; otherwise the copilot-cli
   * profile reads the host's trusted folders (`$COPILOT_HOME/settings.json`, not with `noUser`).
   */
  copilotTrustFolder?: boolean;
  /**
   * VS Code's hook settings. Undefined: the vscode profile reads them from VS Code's user
   * settings.json (not with `noUser`) and the project's `.vscode/settings.json`.
   */
  vscodeSettings?: VscodeSettings;
  /** Environment read for `COPILOT_HOME` and VS Code's settings folder; defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Warnings become errors. */
  strict?: boolean;
  /** Platform whose default locations apply; defaults to `process.platform`. */
  platform?: NodeJS.Platform;
  /** Discover the profile's files (default true); false reads only `sources`. */
  discover?: boolean;
  /**
   * Texts read after the discovered files and put through the same policy step, so that their
   * policy keys act as a discovered file's of the same scope (claude-code-hooks.md §6.2).
   */
  sources?: readonly SourceText[];
  /** The reader; defaults to `readConfig`. Injected by tests and by embedders with custom formats. */
  read?: (options: ReadOptions) => ReadResult;
}

/** One immutable snapshot of the configuration (claude-code-hooks.md §6.3). */
export interface ConfigGeneration {
  readonly id: number;
  readonly profile: ProfileName;
  readonly projectDir: string;
  /** Handlers that may run, in precedence order; not yet deduplicated (see `dedupeHandlers`). */
  readonly handlers: readonly NormalizedHandler[];
  readonly prompts: readonly CopilotPromptEntry[];
  readonly skipped: readonly SkippedEntry[];
  /** The skipped handlers themselves, so that a dispatch they would match reports them. */
  readonly held: readonly HeldHandler[];
  readonly diagnostics: readonly Diagnostic[];
  readonly locations: readonly LocationReport[];
  readonly policy: Readonly<EffectivePolicy>;
  /** Each file's last reading that parsed; a reload falls back to it for a file that does not. */
  readonly lastGood: ReadonlyMap<string, ReadResult>;
}

/** Notice for a changed configuration file; `source` follows `ConfigChange` (§2.21). */
export interface ConfigChange {
  source: ConfigChangeSource;
  file_path: string;
}
