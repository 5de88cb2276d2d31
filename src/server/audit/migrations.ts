import type { Kysely, Migration, MigrationProvider } from 'kysely';

// Migrations are code, in order, never edited once released: a new change is a new entry.
// `any` because a migration runs against whatever the schema was before it.
const MIGRATIONS: Record<string, Migration> = {
  '0001_audit': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_dispatches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('time_ms', 'bigint', (c) => c.notNull())
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('machine', 'text')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('tool', 'text')
        .addColumn('input_digest', 'text', (c) => c.notNull())
        .addColumn('input', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decision', 'text')
        .addColumn('reason', 'text')
        .addColumn('duration_ms', 'double precision', (c) => c.notNull())
        .addColumn('hooks', 'text', (c) => c.notNull())
        .addColumn('texts', 'text', (c) => c.notNull())
        .addColumn('config_version', 'text')
        .addColumn('server_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_time').on('audit_dispatches').column('time_ms').execute();
      await db.schema
        .createIndex('audit_team_time')
        .on('audit_dispatches')
        .columns(['team', 'time_ms'])
        .execute();
      await db.schema
        .createIndex('audit_session_time')
        .on('audit_dispatches')
        .columns(['session_id', 'time_ms'])
        .execute();
    },
  },
  '0002_shared_state': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('session_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('updated_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tokens')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('label', 'text')
        .addColumn('created_ms', 'bigint', (c) => c.notNull())
        .addColumn('revoked_ms', 'bigint')
        .execute();
      await db.schema
        .createTable('config_versions')
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('server_id', 'text', (c) => c.notNull())
        .addColumn('first_seen_ms', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('config_versions_pk', ['team', 'version', 'server_id'])
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
