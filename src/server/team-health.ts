import { existsSync } from 'node:fs';
import type { ServerConfig, TeamConfig } from './config/server-config.ts';

/**
 * SERVER_TEAM_HOOKS_MISSING when `team`'s hooks folder does not exist (never made, or gone since
 * the engine was made). Checked on every request and health check, not only when the engine is
 * made, so a team's guards are never off unnoticed.
 */
export function hooksMissing(team: TeamConfig): string | undefined {
  if (existsSync(team.hooksDir)) return undefined;
  return `SERVER_TEAM_HOOKS_MISSING: team "${team.name}": hooks folder ${team.hooksDir} does not exist, so the team runs no configured hooks`;
}

/** The teams that run without their own hooks, for `/healthz`. */
export function degradedTeams(config: ServerConfig): { team: string; code: string; message: string }[] {
  return [...config.teams.values()].flatMap((team) => {
    const message = hooksMissing(team);
    return message ? [{ team: team.name, code: 'SERVER_TEAM_HOOKS_MISSING', message }] : [];
  });
}
