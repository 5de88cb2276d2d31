import type { Command } from 'commander';
import { loadOptional } from '../../server/optional-deps.ts';
import type { CliIo } from '../cli-io.ts';

interface TokenOptions {
  database?: string;
  config?: string;
  team?: string;
  label?: string;
  hash?: string;
  print?: boolean;
  json?: boolean;
}

async function withStore<T>(
  options: TokenOptions,
  work: (
    db: import('kysely').Kysely<import('../../server/audit/schema.ts').AuditDatabase>,
    location: string,
  ) => Promise<T>,
): Promise<T> {
  const { resolveDatabase } = await import('../../server/paths.ts');
  const { openAuditStore } = await loadOptional(
    'kysely',
    () => import('../../server/audit/open-store.ts'),
    'agent-hooks token',
  );
  const store = await openAuditStore(await resolveDatabase(options));
  try {
    return await work(store.db, store.location);
  } finally {
    await store.close();
  }
}

/** `agent-hooks token create|list|revoke`: the bearer tokens every server on the database accepts. */
export function registerTokenCommand(program: Command, io: CliIo): void {
  const token = program
    .command('token')
    .description('create, list and revoke the bearer tokens of agent-hooks serve (stored as SHA-256)');
  const common = (command: Command) =>
    command
      .option('--database <url>', 'postgres://… URL or SQLite file (default: as agent-hooks serve)')
      .option('--config <file>', 'read the database from this server configuration');

  common(token.command('create'))
    .description('make a token for a team; it is printed once, only its hash is stored')
    .requiredOption('--team <name>', 'the team whose hooks the token runs')
    .option('--label <text>', 'a note to find it again (a person, a machine, a CI job)')
    .option('--print', 'store nothing: print the token and the hash line for the configuration file')
    .option('--json', 'print one JSON object', false)
    .action((options: TokenOptions) => createToken(options, io.stdout));

  common(token.command('list'))
    .description('list tokens (hashes, teams, labels, revocation) in the database')
    .option('--json', 'print one JSON object', false)
    .action(async (options: TokenOptions) => {
      const { listTokens } = await loadOptional(
        'kysely',
        () => import('../../server/audit/shared-state.ts'),
        'agent-hooks token',
      );
      const rows = await withStore(options, (db) => listTokens(db));
      if (options.json) io.stdout(`${JSON.stringify({ tokens: rows })}\n`);
      else
        for (const row of rows)
          io.stdout(
            `${row.team}\t${row.hash}\t${row.label ?? ''}\t${row.revoked_ms ? `revoked ${new Date(row.revoked_ms).toISOString()}` : 'active'}\n`,
          );
    });

  common(token.command('revoke'))
    .description('revoke tokens by hash, or all of a team (optionally with one label)')
    .option('--hash <sha256:…>')
    .option('--team <name>')
    .option('--label <text>')
    .action(async (options: TokenOptions) => {
      if (!options.hash && !options.team)
        throw new Error('say which tokens: --hash, or --team (with --label)');
      const { revokeTokens } = await loadOptional(
        'kysely',
        () => import('../../server/audit/shared-state.ts'),
        'agent-hooks token',
      );
      const count = await withStore(options, (db) =>
        revokeTokens(db, {
          ...(options.hash ? { hash: options.hash } : {}),
          ...(options.team ? { team: options.team } : {}),
          ...(options.label ? { label: options.label } : {}),
        }),
      );
      io.stdout(`revoked ${count} token${count === 1 ? '' : 's'}; servers stop accepting them within 10 s\n`);
      if (count === 0) process.exitCode = 1;
    });
}

/** `token create`: prints the token once; stores only its hash unless `--print`. */
async function createToken(options: TokenOptions, out: (text: string) => void): Promise<void> {
  const { generateToken, hashToken } = await import('../../server/auth.ts');
  const value = generateToken();
  const hash = hashToken(value);
  if (!options.print) {
    const { addToken } = await loadOptional(
      'kysely',
      () => import('../../server/audit/shared-state.ts'),
      'agent-hooks token',
    );
    await withStore(options, (db) =>
      addToken(db, { hash, team: options.team!, ...(options.label ? { label: options.label } : {}) }),
    );
  }
  if (options.json)
    out(`${JSON.stringify({ team: options.team, token: value, hash, stored: !options.print })}\n`);
  else {
    out(`token for team ${options.team} (shown once): ${value}\n`);
    out(options.print ? `add to teams.${options.team}.tokens: "${hash}"\n` : `stored as ${hash}\n`);
  }
}
