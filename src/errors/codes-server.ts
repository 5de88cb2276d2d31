import type { CodeInfo } from './code-info.ts';

/** Codes raised by the fleet server (`agent-hooks serve`). Keys are stable: never rename one, only add. */
export const SERVER_CODES = {
  SERVER_DEPENDENCY_MISSING: {
    severity: 'error',
    summary:
      'The server needs a package that is not installed (hono, @hono/node-server, kysely, better-sqlite3 or pg).',
    fix: 'Install the packages the message names next to agent-hooks, e.g. `npm install hono @hono/node-server kysely better-sqlite3`.',
  },
  SERVER_CONFIG_INVALID: {
    severity: 'error',
    summary: 'The server configuration file is not valid JSON or does not have the documented shape.',
    fix: 'Fix the entry at the file, line and column in the message (docs/server.md "Configuration"); the server keeps its last good configuration.',
  },
  SERVER_TEAM_HOOKS_MISSING: {
    severity: 'warning',
    summary:
      "A team's hooks folder does not exist, so that team runs none of its own hooks: its requests are answered 503 (unless a managed or in-process hook denies or blocks), audited with this diagnostic, and /healthz reports the team degraded.",
    fix: 'Create the folder named in the message (laid out like a project: `.claude/settings.json`, `.github/hooks/*.json`) or fix the `hooks` path.',
  },
  SERVER_AUDIT_WRITE_FAILED: {
    severity: 'warning',
    summary: 'A batch of audit records could not be written; the records stay queued and are retried.',
    fix: 'Check that the database in the message is reachable and writable; nothing is lost while the server runs.',
  },
  SERVER_AUDIT_SPILLED: {
    severity: 'error',
    summary:
      'At shutdown the database still refused audit records, so they were written to a JSON-lines spill file instead.',
    fix: 'Import the spill file named in the message with `agent-hooks audit --import FILE` once the database is back.',
  },
  SERVER_RETENTION_FAILED: {
    severity: 'warning',
    summary:
      'The hourly retention run (deleting audit records past `retentionDays` and stale session state) failed; it is tried again in an hour, and the audit keeps growing until one succeeds.',
    fix: 'Check that the database in the message is reachable and writable; the next run deletes everything past retention in batches.',
  },
  SERVER_AUDIT_LOST: {
    severity: 'error',
    summary:
      'The shutdown budget (the grace period less a margin) ran out while dispatches were still running or their records were still queued, so those audit records were neither written nor spilled before the process exited.',
    fix: 'Give the server the grace period its supervisor gives it (`shutdownGraceMs`, Kubernetes `terminationGracePeriodSeconds`), and check the database in the log and any hook that does not stop when cancelled.',
  },
  SERVER_TOKEN_LOOKUP_FAILED: {
    severity: 'error',
    summary:
      'The database that holds the tokens made with `agent-hooks token` could not be asked (or did not answer before the host would time out), so requests with a token not in the configuration file were answered 503 and ran no hook.',
    fix: 'Check that the database in the message is reachable; tokens listed in the configuration file keep working meanwhile.',
  },
  SERVER_TOKEN_TEAM_CONFLICT: {
    severity: 'warning',
    summary:
      'A token is listed for one team in the server configuration file and stored for another in the token database; the configuration file wins.',
    fix: 'Remove the token from the team it should not belong to: `agent-hooks token revoke --hash HASH` in the database, or the `tokens` entry in the configuration file.',
  },
  SERVER_UI_LOCKED: {
    severity: 'warning',
    summary: 'The inspector listens on a non-loopback address without an admin token, so it is switched off.',
    fix: 'Add `adminTokens` (SHA-256 hashes) to the server configuration, or listen on 127.0.0.1.',
  },
} as const satisfies Record<string, CodeInfo>;
