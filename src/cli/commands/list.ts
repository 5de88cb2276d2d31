import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { bridgeListings } from '../../bridge/listing.ts';
import { buildListing, type Listing } from '../../config/generation/listing.ts';
import { loadConfig } from '../../config/generation/load-config.ts';
import { createTrustStore, defaultTrustStorePath, trustStatus } from '../../config/trust/index.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { SourceRef } from '../../model/source.ts';
import { renderBridge } from '../bridge-listing.ts';
import type { CliIo } from '../cli-io.ts';
import { addCommonOptions, type CommonOptions, parseProfile } from '../common-options.ts';
import { unreadableConfiguration } from '../config-status.ts';
import {
  displayPath,
  formatDiagnostic,
  type LoadOverrides,
  loadOptionsFromCli,
  type Write,
} from '../diagnostic-lines.ts';
import { resolveEventArg } from '../event-arg.ts';
import { HOSTS } from '../hosts.ts';

export interface ListOptions extends CommonOptions {
  event?: string;
  /** List every host's locations and handlers, grouped by host (the CLI's default without --profile). */
  allHosts?: boolean;
  explain?: boolean;
  trustFile?: string;
  /** Also list what `agent-hooks bridge --host HOST` runs, without the bridge being installed. */
  bridge?: ProfileName;
}

interface TrustSummary {
  trusted: boolean;
  reason: string;
  changed: string[];
  /** Project hooks that would run without approval (file#pointer). */
  untrusted: string[];
}

/** The CLI reports untrusted project hooks in every output (issue: trust for project hooks). */
function trustSummary(
  handlers: readonly NormalizedHandler[],
  projectDir: string,
  trustFile?: string,
): TrustSummary {
  const store = createTrustStore(trustFile ?? defaultTrustStorePath());
  let status: ReturnType<typeof trustStatus>;
  try {
    status = trustStatus(handlers, projectDir, store);
  } catch (error) {
    return {
      trusted: false,
      reason: `trust store unreadable: ${(error as Error).message}`,
      changed: [],
      untrusted: [],
    };
  }
  const untrusted = status.trusted
    ? []
    : status.fingerprint.items.filter((item) => item.kind === 'definition').map((item) => item.id);
  return { trusted: status.trusted, reason: status.reason, changed: status.changed, untrusted };
}

const STATUS_COLOR = { found: pc.green, missing: pc.dim, disabled: pc.yellow, error: pc.red } as const;

function renderHuman(listing: Listing, cwd: string, explain: boolean, write: Write): void {
  const rel = (file: string) => displayPath(file, cwd);
  const where = (s: SourceRef) =>
    `${rel(s.file)}${s.line ? `:${s.line}` : ''}${s.column ? `:${s.column}` : ''} ${s.pointer}`;
  write(`${pc.bold('profile')} ${listing.profile}  ${pc.bold('project')} ${listing.projectDir}\n`);
  write(`\n${pc.bold(`Locations (${listing.locations.length})`)}\n`);
  for (const l of listing.locations) {
    const status = STATUS_COLOR[l.status](l.status.padEnd(8));
    const count = l.handlers === undefined ? '' : ` (${l.handlers} handler${l.handlers === 1 ? '' : 's'})`;
    const reason = l.reason ? ` — ${l.reason}` : '';
    write(`  ${status} ${l.scope.padEnd(11)} ${l.pattern.padEnd(34)} ${rel(l.path)}${count}${reason}\n`);
  }
  write(`\n${pc.bold(`Handlers (${listing.handlers.length})`)}\n`);
  for (const h of listing.handlers) {
    const matcher = h.matcher === undefined ? '' : ` [${h.matcher}]`;
    const cond = h.if ? ` if ${h.if}` : '';
    write(`  ${pc.cyan(h.event)}${matcher}${cond} ${h.type}: ${h.target}\n`);
    write(`    ${pc.dim(`${where(h.source)} · ${h.source.scope} · ${h.dialect} (${h.eventKey})`)}\n`);
    for (const why of h.why ?? []) write(`    ${pc.dim(`why: ${why}`)}\n`);
  }
  if (listing.skipped.length > 0) {
    write(`\n${pc.bold(`Skipped (${listing.skipped.length})`)}\n`);
    for (const s of listing.skipped) {
      write(
        `  ${where(s.source)} · ${s.source.scope}\n    ${pc.yellow(s.why)}${explain && s.code ? pc.dim(` [${s.code}]`) : ''}\n`,
      );
    }
  }
  if (listing.duplicates.length > 0) {
    write(`\n${pc.bold(`Deduplicated (${listing.duplicates.length})`)}\n`);
    for (const d of listing.duplicates) {
      write(`  ${d.event} ${where(d.dropped)}\n    ${pc.yellow(`kept ${where(d.kept)}: ${d.why}`)}\n`);
    }
  }
  if (listing.diagnostics.length > 0) {
    write(`\n${pc.bold(`Rejected and diagnostics (${listing.diagnostics.length})`)}\n`);
    for (const d of listing.diagnostics) write(`  ${formatDiagnostic(d, cwd, pc.isColorSupported)}\n`);
  }
}

function renderTrust(trust: TrustSummary, write: Write): void {
  write(
    `\n${pc.bold('Trust')} ${trust.trusted ? pc.green('trusted') : pc.yellow('untrusted')}: ${trust.reason}\n`,
  );
  for (const change of trust.changed) write(`  ${pc.yellow(change)}\n`);
  for (const id of trust.untrusted) write(`  ${pc.yellow('untrusted')} ${id}\n`);
}

/**
 * Runs `list`; returns the exit status: 1 when a configuration file could not be read (its hooks
 * are missing from the listing), else 0. An unknown `--event` is a usage error.
 */
export async function runList(
  options: ListOptions,
  write: Write,
  overrides: LoadOverrides = {},
): Promise<number> {
  const cwd = path.resolve(options.cwd);
  const event = options.event === undefined ? undefined : resolveEventArg(options.event, '--event');
  const load = loadOptionsFromCli({ ...options, cwd }, overrides);
  const profiles = options.allHosts ? HOSTS : [options.profile];
  const listings: Listing[] = [];
  let handlers: NormalizedHandler[] = [];
  const seen: (readonly NormalizedHandler[])[] = [];
  for (const profile of profiles) {
    const generation = await loadConfig({ ...load, profile });
    seen.push(generation.handlers);
    listings.push(
      buildListing(generation, {
        ...(event ? { event } : {}),
        ...(options.explain ? { explain: true } : {}),
      }),
    );
    if (handlers.length === 0) handlers = [...generation.handlers];
  }
  const first = listings[0] as Listing;
  const trust = trustSummary(handlers, first.projectDir, options.trustFile);
  const { profile: _, ...bridgeLoad } = load;
  const bridges = await bridgeListings(seen, bridgeLoad, {
    ...(options.bridge ? { bridge: options.bridge } : {}),
    ...(event ? { event } : {}),
    ...(options.explain ? { explain: true } : {}),
  });
  if (options.json) {
    const hosts = options.allHosts ? { hosts: listings.map((l) => ({ host: l.profile, ...l })) } : {};
    write(`${JSON.stringify({ ...first, trust, ...hosts, ...(bridges.length > 0 ? { bridges } : {}) })}\n`);
  } else {
    for (const [index, listing] of listings.entries()) {
      if (index > 0) write('\n');
      renderHuman(listing, cwd, options.explain === true, write);
    }
    for (const bridge of bridges) renderBridge(bridge, cwd, write);
    renderTrust(trust, write);
  }
  return listings.some((l) => unreadableConfiguration(l.diagnostics)) ? 1 : 0;
}

export function registerListCommand(program: Command, io: CliIo): void {
  const command = program
    .command('list')
    .description('show every location looked at, every handler loaded, and everything skipped, with reasons')
    .option('--event <event>', 'only this event (any dialect spelling)')
    .option('--explain', 'say why each handler is included and when it runs', false)
    .option('--trust-file <file>', 'trust store to read (default: $XDG_CONFIG_HOME/agent-hooks/trust.json)')
    .option(
      '--bridge <host>',
      'also list the hooks `agent-hooks bridge --host HOST` runs, with their origin (shown anyway where the bridge is installed)',
      parseProfile,
    );
  addCommonOptions(command).action(async (options: ListOptions, self: Command) => {
    const allHosts = self.getOptionValueSource('profile') === 'default';
    io.setExitCode(await runList({ ...options, allHosts }, io.stdout));
  });
}
