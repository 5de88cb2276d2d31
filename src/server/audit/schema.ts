// The audit database's tables, as Kysely sees them. One schema for SQLite and PostgreSQL:
// times are integer milliseconds since the epoch and structured values are JSON text, so both
// dialects store and return the same values.

/** One dispatch a host asked for: who, what, which hooks ran, what was decided. */
export interface DispatchTable {
  /** A random UUID, also sent to the host as `X-Agent-Hooks-Dispatch`. */
  id: string;
  time_ms: number;
  team: string;
  /** The calling host: `claude-code` or `copilot-cli`. */
  host: string;
  session_id: string | null;
  /** The machine name the host sent (`X-Agent-Hooks-Machine`), else the peer address. */
  machine: string | null;
  event: string;
  tool: string | null;
  /** SHA-256 of the request body, always recorded. */
  input_digest: string;
  /** The request body, only when the team sets `recordInput`. */
  input: string | null;
  /** `ok`, or why the host got a failure answer: `deadline`, `cancelled`, `error`, `overloaded`, `bad-request`. */
  status: string;
  decision: string | null;
  reason: string | null;
  duration_ms: number;
  /** JSON array: each hook's source, type, label, outcome, exit code, duration and effect. */
  hooks: string;
  /** JSON object: messages to the model and the user, context, system messages, stop reason. */
  texts: string;
  /** Digest of the team's hook files that answered (several servers must agree on it). */
  config_version: string | null;
  /** Which server process answered (host name and pid). */
  server_id: string;
}

/** Per-session counters shared by every server (Stop-block counts, `once` hooks). */
export interface SessionStateTable {
  key: string;
  value: number;
  updated_ms: number;
}

/** Bearer tokens, stored as SHA-256 hex digests. */
export interface TokenTable {
  hash: string;
  team: string;
  label: string | null;
  created_ms: number;
  revoked_ms: number | null;
}

/** Which configuration version each server ran for each team, and since when. */
export interface ConfigVersionTable {
  team: string;
  version: string;
  server_id: string;
  first_seen_ms: number;
  last_seen_ms: number;
}

export interface AuditDatabase {
  audit_dispatches: DispatchTable;
  session_state: SessionStateTable;
  tokens: TokenTable;
  config_versions: ConfigVersionTable;
}

export type DispatchRow = DispatchTable;
