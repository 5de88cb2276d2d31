import { homedir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import { parseProfile } from '../common-options.ts';
import { CliUsageError } from '../usage-error.ts';
import { addDryRunOption } from '../write/dry-run.ts';
import {
  type Destination,
  destinationFor,
  destinationOfFile,
  type Places,
  SCOPES,
  type Scope,
} from './destination.ts';
import { detectHost } from './detect-host.ts';

/** Options `init` and `add` share: where to write, and how. */
export interface WhereOptions {
  cwd: string;
  host?: ProfileName;
  scope: Scope;
  to?: string;
  force: boolean;
  dryRun: boolean;
  json: boolean;
}

function parseScope(value: string): Scope {
  if ((SCOPES as readonly string[]).includes(value)) return value as Scope;
  throw new CliUsageError(`unknown scope "${value}"; expected one of ${SCOPES.join(', ')}`);
}

export function addWhereOptions(command: Command): Command {
  return addDryRunOption(command)
    .option('--host <host>', `the host: ${PROFILE_NAMES.join(' | ')} (default: detected)`, parseProfile)
    .option(
      '--scope <scope>',
      'project (shared, committed), local (this checkout only) or user (every project)',
      parseScope,
      'project',
    )
    .option(
      '--to <file>',
      "the hook file to write into, in its own dialect (instead of --host's file for --scope)",
    )
    .option('--cwd <dir>', 'project directory', process.cwd())
    .option('--force', 'replace a hook file that cannot be merged into, and overwrite changed scripts', false)
    .option('--json', 'print one JSON object describing the write', false);
}

export function placesOf(options: WhereOptions, env: NodeJS.ProcessEnv): Places {
  return { projectDir: path.resolve(options.cwd), homeDir: homedir(), env };
}

/** `--to`, else `--host` (or the detected host) with `--scope`; `name` names a new hooks file. */
export function resolveDestination(
  options: WhereOptions,
  places: Places,
  name: string,
): { destination: Destination; detected?: string } {
  if (options.to !== undefined) {
    const file = path.resolve(places.projectDir, options.to);
    return { destination: destinationOfFile(file, options.host, places) };
  }
  if (options.host !== undefined)
    return { destination: destinationFor(options.host, options.scope, places, name) };
  const found = detectHost(places.projectDir, places.env);
  return {
    destination: destinationFor(found.host, options.scope, places, name),
    detected: `host ${found.host}: ${found.why} (choose another with --host)`,
  };
}
