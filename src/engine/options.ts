// The options of an engine, of one dispatch and of engine.watch(): plain types in a module of
// their own, so that every stage can name them without importing the engine.

import type { LoadOptions } from '../config/generation/index.ts';
import type { ConfigKind } from '../config/read-config.ts';
import type { UntrustedPolicy } from '../config/trust/index.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';
import type { SourceRef } from '../model/source.ts';
import type { AsyncWake } from './async/async-types.ts';
import type { DispatchResult } from './dispatch/result.ts';
import type { InvalidRewrite } from './rewrite-check/invalid-rewrite-option.ts';
import type { JsonSchema } from './rewrite-check/json-schema-check.ts';
import type { RunnerTable } from './run/runner-registry.ts';
import type { SessionStateStore } from './session/session-state.ts';
import type { ConfigView } from './snapshot/snapshot.ts';
import type { TelemetryListener } from './telemetry/bus.ts';

/** Inline configuration for embedders that keep hooks in memory rather than in files. */
export interface InlineSource {
  /** A name for messages, e.g. `inline:my-agent`. */
  file: string;
  kind: ConfigKind;
  /** JSON text, or an object that is serialized for reading. */
  config: string | Record<string, unknown>;
  scope?: SourceRef['scope'];
}

export interface HookEngineOptions {
  /** Working directory reported to hooks; also the project root unless `projectDir` is set. */
  cwd?: string;
  projectDir?: string;
  profile?: ProfileName;
  sessionId?: string;
  transcriptPath?: string;
  /** Home directory for user-level configuration (default: the OS home). */
  homeDir?: string;
  /** Ignore user-level configuration (reproducible runs). */
  noUser?: boolean;
  /** Discover configuration files (default true). Set false to use only `sources`/`handlers`. */
  discover?: boolean;
  settingsFiles?: string[];
  pluginDirs?: string[];
  /** Managed settings folder (default: the documented location for this OS). */
  managedDir?: string;
  /** Copilot policy folder (default `/etc/github-copilot/policy.d`). */
  copilotPolicyDir?: string;
  /**
   * copilot-cli: Copilot CLI loads repository hooks only in a trusted folder. True trusts the
   * project folder (the host's `--trust-folder`); otherwise its trusted folders are read from
   * `$COPILOT_HOME/settings.json` (not with `noUser`), and untrusted hooks are in `skipped`.
   */
  copilotTrustFolder?: boolean;
  /**
   * VS Code settings that decide discovery (`chat.hookFilesLocations`, `chat.useClaudeHooks`, …);
   * undefined reads them from VS Code's settings files, as the vscode profile does (docs/configuration.md).
   */
  vscodeSettings?: LoadOptions['vscodeSettings'];
  sources?: InlineSource[];
  /** Already-normalized handlers, appended after discovered ones. */
  handlers?: NormalizedHandler[];
  /** Whether a person can answer `ask` prompts; without one, ask becomes deny. Default false. */
  interactive?: boolean;
  /**
   * What untrusted project hooks do: `run` (the library default: the embedding host decides),
   * `skip` (reported in `skipped`), or a callback that answers. Setting this or `trustFile`
   * turns trust checking on; otherwise project hooks are not checked.
   */
  untrusted?: UntrustedPolicy;
  /** Trust store file; default `$XDG_CONFIG_HOME/agent-hooks/trust.json`. */
  trustFile?: string;
  /**
   * Stop/SubagentStop blocks honoured in a row before the override (default:
   * `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` from `env` under claude-code, else the profile's, 8).
   */
  stopBlockCap?: number;
  /**
   * Where per-session state lives (Stop-block counts, `once` hooks). Default: this engine's memory.
   * Pass a shared store when several processes answer the same sessions.
   */
  sessionState?: SessionStateStore;
  /** Replace or add runners (e.g. an HTTP runner with a custom resolver, an LLM client). */
  runners?: RunnerTable;
  /**
   * Base environment for hook processes and for reading configuration (default: `process.env`,
   * read at every dispatch). A fixed object spares each dispatch that read; later changes to
   * `process.env` then do not reach the hooks (docs/environment.md).
   */
  env?: NodeJS.ProcessEnv;
  onTelemetry?: TelemetryListener;
  /**
   * Emit `started`/`progress`/`response` for every event; by default only SessionStart and
   * Setup emit them (seed 004, "hook event system"). Listeners may opt in on their own.
   */
  includeHookEvents?: boolean;
  /** How often `progress` samples a running hook's output so far (default 1,000 ms). */
  progressIntervalMs?: number;
  /**
   * Called at once when an `asyncRewake` hook exits 2: the host should wake the model (even when
   * idle) and show it `message` as a system reminder (claude-code-hooks.md §4.2, §4.7).
   */
  onAsyncWake?: (wake: AsyncWake) => void;
  /**
   * Input JSON Schemas of the host's tools, by tool name (`Bash`, `mcp__github__create_issue`). A
   * hook's `updatedInput` for a tool listed here that does not match is discarded with the
   * diagnostic ENGINE_INVALID_UPDATED_INPUT, and the decision stands (seed 000). Without a schema
   * the rewrite is used unchecked, and `result.updatedInputCheck` says so.
   */
  toolInputSchemas?: Readonly<Record<string, JsonSchema>>;
  /**
   * What a rewrite that fails its tool's schema does to the decision. `discard` (default, VS Code's
   * behaviour: seed 000 "PreToolUse 輸出", other-agents-hooks.md §2.5): only the rewrite is dropped
   * and the hook's decision stands, so an `allow` lets the tool run with its original input (a
   * documented fail-open, docs/decisions.md). `deny`: the call is denied instead (fail closed).
   */
  invalidRewrite?: InvalidRewrite;
  strict?: boolean;
  /** Report handlers whose matcher did not match in `skipped` (the CLI does). Default false. */
  explain?: boolean;
  /** Where output over the context cap is spilled: `<spillDir>/agent-hooks-<uid>/<session>/` (default: the OS temp folder). */
  spillDir?: string;
  /**
   * Keep the spills this engine wrote at `close()` (default false: they are deleted). Set it when
   * the engine serves one step of a longer host session (a CLI run, a bridge, a server), where the
   * model may read a spill after the engine is gone; SessionEnd and the one-day sweep remove them.
   */
  keepSpillsOnClose?: boolean;
}

export interface EngineWatchOptions {
  /**
   * Quiet time after the last file event before a reload (default 150 ms). Values under 50 ms are
   * raised to 50: the file watcher drops a file's change events closer together than that, and
   * only a later reload can read the write it dropped.
   */
  debounceMs?: number;
  /** The result of each ConfigChange dispatch (a `block` kept the old configuration). */
  onConfigChange?: (result: DispatchResult) => void;
  /** Called with each new configuration generation. */
  onReload?: (config: ConfigView) => void;
  /** Called when every change of a batch was blocked, so the old configuration stays. */
  onBlocked?: (changes: { source: string; file_path: string }[]) => void;
  onError?: (error: unknown) => void;
}

export interface DispatchOptions {
  signal?: AbortSignal;
  sessionId?: string;
  /** Also report handlers whose matcher did not match (default: the engine's `explain`). */
  explain?: boolean;
  /** The conversation history, handed to function hooks as their third argument (seed 004). */
  messages?: readonly unknown[];
  /** Run only the session's in-memory hooks, not the configured ones (agent hooks' inner Stop). */
  sessionHooksOnly?: boolean;
  /**
   * The hooks that go to the background from the start (`async`, `asyncRewake`, the profile's
   * fire-and-forget events): `'skip'` leaves them out, each in `skipped` with its reason, for a
   * caller that runs them elsewhere; `'only'` runs them alone and leaves the others out, also
   * listed in `skipped`. Default: they start with the rest (docs/async-hooks.md).
   */
  background?: 'skip' | 'only';
}
