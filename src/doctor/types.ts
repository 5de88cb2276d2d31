import type { ConfigGeneration } from '../config/generation/types.ts';
import type { ErrorCode, Severity } from '../errors.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';

/** One thing doctor found: a catalogued code, where it is, what the host will do, and the fix. */
export interface Finding {
  code: ErrorCode;
  severity: Severity;
  /** What is wrong here, naming the event and the hook. */
  message: string;
  /** What the host does with this hook as configured. */
  host: string;
  fix: string;
  /** The host whose behaviour the finding describes. */
  profile: ProfileName;
  file?: string;
  line?: number;
  column?: number;
  /** JSON pointer into `file` (RFC 6901). */
  pointer?: string;
  event?: string;
  /** The command, URL or prompt of the hook (what `list` shows). */
  hook?: string;
}

/** What every check gets: one host's configuration, and the handlers of the files it owns. */
export interface CheckContext {
  profile: ProfileName;
  generation: ConfigGeneration;
  /** Handlers read from files this host owns (a file read by several hosts is checked once). */
  handlers: readonly NormalizedHandler[];
  /** Files this host owns. */
  owned: ReadonlySet<string>;
  projectDir: string;
  /** The environment hooks would run with (PATH for program look-ups). */
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Check trust as `run --require-trust` does: unapproved project hooks are skipped. */
  requireTrust: boolean;
  /** Trust store to read; default `$XDG_CONFIG_HOME/agent-hooks/trust.json`. */
  trustFile?: string;
}

/** One static check; each lives in its own file under src/doctor/checks/. */
export type Check = (ctx: CheckContext) => Finding[] | Promise<Finding[]>;

/** One host's share: its configuration and the handlers of the files it owns. */
export interface HostShare {
  profile: ProfileName;
  generation: ConfigGeneration;
  owned: ReadonlySet<string>;
  handlers: readonly NormalizedHandler[];
}
