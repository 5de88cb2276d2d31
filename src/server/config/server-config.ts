import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { parseJsonDoc } from '../../config/parse/source-doc.ts';
import { HookError } from '../../errors.ts';

/** Defaults documented in docs/server.md "Configuration". */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_CONCURRENT = 256;
export const DEFAULT_RETENTION_DAYS = 90;

const TOKEN_HASH = z
  .string()
  .regex(
    /^sha256:[0-9a-f]{64}$/,
    'a token hash: "sha256:" and 64 lower-case hex digits (agent-hooks token hash)',
  );

const TEAM_NAME = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, ".", "_" and "-"');

const TEAM = z
  .object({
    /** Folder laid out like a project; default `teams/<name>` beside the configuration file. */
    hooks: z.string().min(1).optional(),
    tokens: z.array(TOKEN_HASH).optional(),
    /** Store each request body in the audit, not only its SHA-256 digest. */
    recordInput: z.boolean().optional(),
  })
  .strict();

const SCHEMA = z
  .object({
    $schema: z.string().optional(),
    teams: z.record(TEAM_NAME, TEAM),
    managed: z.string().min(1).optional(),
    adminTokens: z.array(TOKEN_HASH).optional(),
    database: z.string().min(1).optional(),
    retentionDays: z.number().positive().optional(),
    limits: z
      .object({
        maxBodyBytes: z.number().int().positive().optional(),
        maxConcurrent: z.number().int().positive().optional(),
        maxConcurrentPerTeam: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
    listen: z
      .object({ host: z.string().min(1).optional(), port: z.number().int().min(0).max(65_535).optional() })
      .strict()
      .optional(),
    otel: z.boolean().optional(),
  })
  .strict()
  .superRefine((data, ctx) => {
    // A token names one team: with two, the team a request ran as would be whichever came last.
    const owners = new Map<string, string>();
    for (const [name, team] of Object.entries(data.teams)) {
      for (const [index, hash] of (team.tokens ?? []).entries()) {
        const owner = owners.get(hash);
        if (owner === undefined) owners.set(hash, name);
        else if (owner !== name)
          ctx.addIssue({
            code: 'custom',
            path: ['teams', name, 'tokens', index],
            message: `this token is already team "${owner}"'s; a token belongs to one team`,
          });
      }
    }
  });

export interface TeamConfig {
  name: string;
  hooksDir: string;
  tokenHashes: string[];
  recordInput: boolean;
}

/** The server's configuration with paths resolved and defaults applied. */
export interface ServerConfig {
  /** The file it came from; null when the server runs without one. */
  file: string | null;
  teams: Map<string, TeamConfig>;
  /** Folder with `managed-settings.json` and `policy.d/` applied to every team. */
  managedDir: string | null;
  adminTokenHashes: string[];
  database?: string;
  retentionDays: number;
  /** `maxConcurrentPerTeam` unset: the default share (limits.ts teamShare). */
  limits: { maxBodyBytes: number; maxConcurrent: number; maxConcurrentPerTeam?: number };
  listen: { host?: string; port?: number };
  otel: boolean;
}

/** Reads and checks a configuration file; throws SERVER_CONFIG_INVALID with file:line:column. */
export function loadServerConfig(file: string): ServerConfig {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new HookError(
      'SERVER_CONFIG_INVALID',
      `${path}: cannot read the server configuration: ${(error as Error).message}`,
    );
  }
  const parsed = parseJsonDoc(text, true);
  if (!parsed.ok) {
    const first = parsed.problems[0]!;
    throw new HookError('SERVER_CONFIG_INVALID', `${path}:${first.line}:${first.column}: ${first.message}`);
  }
  const checked = SCHEMA.safeParse(parsed.doc.value);
  if (!checked.success) {
    const messages = checked.error.issues.map((issue) => {
      const at = parsed.doc.locate(issue.path as (string | number)[], issue.code === 'unrecognized_keys');
      const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      return `${path}:${at.line}:${at.column}: ${issue.message}${where}`;
    });
    throw new HookError('SERVER_CONFIG_INVALID', messages.join('\n'));
  }
  return resolveConfig(checked.data, path);
}

function resolveConfig(
  data: z.infer<typeof SCHEMA>,
  file: string | null,
  base = file ? dirname(file) : process.cwd(),
): ServerConfig {
  const teams = new Map<string, TeamConfig>();
  for (const [name, team] of Object.entries(data.teams)) {
    teams.set(name, {
      name,
      hooksDir: resolve(base, team.hooks ?? `teams/${name}`),
      tokenHashes: team.tokens ?? [],
      recordInput: team.recordInput ?? false,
    });
  }
  return {
    file,
    teams,
    managedDir: data.managed ? resolve(base, data.managed) : null,
    adminTokenHashes: data.adminTokens ?? [],
    ...(data.database
      ? { database: /^postgres(ql)?:/i.test(data.database) ? data.database : resolve(base, data.database) }
      : {}),
    retentionDays: data.retentionDays ?? DEFAULT_RETENTION_DAYS,
    limits: {
      maxBodyBytes: data.limits?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      maxConcurrent: data.limits?.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
      ...(data.limits?.maxConcurrentPerTeam !== undefined
        ? { maxConcurrentPerTeam: data.limits.maxConcurrentPerTeam }
        : {}),
    },
    listen: { ...data.listen },
    otel: data.otel ?? false,
  };
}

/** One team serving the hooks of `projectDir`: `serve` without a configuration file, and `inspect`. */
export function singleTeamConfig(name: string, projectDir: string, tokenHashes: string[]): ServerConfig {
  return resolveConfig({ teams: { [name]: { hooks: projectDir, tokens: tokenHashes } } }, null, projectDir);
}
