import type { Command } from 'commander';
import type { DispatchRow } from '../../server/audit/schema.ts';
import { loadOptional } from '../../server/optional-deps.ts';
import type { CliIo } from '../cli-io.ts';
import { CliUsageError } from '../usage-error.ts';

export interface AuditOptions {
  database?: string;
  config?: string;
  since?: string;
  until?: string;
  team?: string;
  host?: string;
  session?: string;
  decision?: string;
  tool?: string;
  event?: string;
  status?: string;
  text?: string;
  limit: string;
  json?: boolean;
  csv?: boolean;
  import?: string;
}

const CSV_COLUMNS = [
  'id',
  'time',
  'team',
  'host',
  'machine',
  'session_id',
  'event',
  'tool',
  'status',
  'decision',
  'reason',
  'duration_ms',
  'hooks',
  'input_digest',
  'config_version',
  'server_id',
] as const;

/** RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet does not run it as a formula. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function hookSummary(row: DispatchRow): string {
  const hooks = JSON.parse(row.hooks) as { label: string; outcome: string }[];
  return hooks.map((hook) => `${hook.label} → ${hook.outcome}`).join('; ');
}

export function toCsv(rows: DispatchRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values: Record<(typeof CSV_COLUMNS)[number], unknown> = {
      ...row,
      time: new Date(row.time_ms).toISOString(),
      hooks: hookSummary(row),
    };
    lines.push(CSV_COLUMNS.map((column) => csvCell(values[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function toJson(rows: DispatchRow[]): string {
  const dispatches = rows.map(({ hooks, texts, time_ms, ...rest }) => ({
    ...rest,
    time: new Date(time_ms).toISOString(),
    time_ms,
    hooks: JSON.parse(hooks),
    texts: JSON.parse(texts),
  }));
  return `${JSON.stringify({ dispatches })}\n`;
}

function toText(rows: DispatchRow[]): string {
  if (rows.length === 0) return 'no audit records match\n';
  return `${rows
    .map((row) => {
      const decision = row.status === 'ok' ? (row.decision ?? 'none') : row.status;
      const tool = row.tool ? ` ${row.tool}` : '';
      const reason = row.reason ? ` — ${row.reason}` : '';
      return `${new Date(row.time_ms).toISOString()} ${row.team}/${row.host} ${row.session_id ?? '-'} ${row.event}${tool}: ${decision}${reason}`;
    })
    .join('\n')}\n`;
}

/** `agent-hooks audit`: query the fleet server's audit (newest first), or import a spill file. */
export async function runAudit(options: AuditOptions, out: (text: string) => void): Promise<number> {
  const { resolveDatabase } = await import('../../server/paths.ts');
  const { openAuditStore } = await loadOptional(
    'kysely',
    () => import('../../server/audit/open-store.ts'),
    'agent-hooks audit',
  );
  const { filtersFrom } = await import('../../server/audit/filters.ts');
  const { searchDispatches } = await loadOptional(
    'kysely',
    () => import('../../server/audit/queries.ts'),
    'agent-hooks audit',
  );
  const store = await openAuditStore(await resolveDatabase(options));
  try {
    if (options.import) {
      const { importSpillFile } = await loadOptional(
        'kysely',
        () => import('../../server/audit/import-spill.ts'),
        'agent-hooks audit',
      );
      const { imported, skipped } = await importSpillFile(store.db, options.import);
      out(
        `imported ${imported} audit records from ${options.import} into ${store.location}${skipped ? ` (${skipped} were already there)` : ''}\n`,
      );
      return 0;
    }
    const filters = usageOf(() =>
      filtersFrom((name) => (options as unknown as Record<string, string | undefined>)[name]),
    );
    const rows = await searchDispatches(store.db, filters);
    out(options.csv ? toCsv(rows) : options.json ? toJson(rows) : toText(rows));
    return 0;
  } finally {
    await store.close();
  }
}

export function registerAuditCommand(program: Command, io: CliIo): void {
  program
    .command('audit')
    .description('query the audit trail of agent-hooks serve: by time, team, session, decision, tool')
    .option(
      '--database <url>',
      "postgres://… URL or SQLite file (default: the server configuration's, else ~/.local/state/agent-hooks/audit.sqlite)",
    )
    .option('--config <file>', 'read the database from this server configuration')
    .option('--since <time>', 'from this time: ISO date or a duration back from now (15m, 24h, 7d)')
    .option('--until <time>', 'before this time (same forms)')
    .option('--team <name>')
    .option('--host <host>', 'claude-code or copilot-cli')
    .option('--session <id>')
    .option('--decision <decision>', 'allow, deny, ask, defer, block, or none')
    .option('--tool <name>')
    .option('--event <name>')
    .option('--status <status>', 'ok, deadline, cancelled, error, overloaded, bad-request')
    .option('--text <text>', 'case-insensitive text in the reason, messages or hooks')
    .option('--limit <n>', 'at most this many records, newest first', '100')
    .option('--json', 'print one JSON object: { "dispatches": [...] }', false)
    .option('--csv', 'print CSV (one header line, RFC 4180)', false)
    .option('--import <file>', 'import a spill file the server wrote when the database was unreachable')
    .action(async (options: AuditOptions) => {
      process.exitCode = await runAudit(options, io.stdout);
    });
}

/** A filter value the audit cannot read (`--since nonsense`) is a usage error, coded CLI_USAGE. */
function usageOf<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}
