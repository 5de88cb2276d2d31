import pc from 'picocolors';
import { type BridgeListing, bridgeEntryHost, buildBridgeListing } from '../bridge/listing.ts';
import type { LoadOptions } from '../config/generation/index.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { displayPath, type Write } from './commands/validate.ts';

/**
 * The bridges `list` shows: the host named by `--bridge`, and each host whose hook files route
 * its events to `agent-hooks bridge` (what `bridge install` writes), seen in `handlers`.
 */
export async function bridgeListings(
  handlers: readonly (readonly NormalizedHandler[])[],
  load: Omit<LoadOptions, 'profile'>,
  options: { bridge?: ProfileName; event?: string; explain?: boolean },
): Promise<BridgeListing[]> {
  const hosts = new Set<ProfileName>(options.bridge ? [options.bridge] : []);
  for (const list of handlers) {
    const host = bridgeEntryHost(list);
    if (host) hosts.add(host);
  }
  return Promise.all(
    [...hosts].map((host) =>
      buildBridgeListing({
        ...load,
        host,
        includeNative: false,
        ...(options.event ? { event: options.event } : {}),
        ...(options.explain ? { explain: true } : {}),
      }),
    ),
  );
}

/** One bridge: each hook with the dialect and file it comes from (its origin). */
export function renderBridge(listing: BridgeListing, cwd: string, write: Write): void {
  const rel = (file: string) => displayPath(file, cwd);
  write(
    `\n${pc.bold(`Bridged (${listing.handlers.length})`)} run by agent-hooks bridge --host ${listing.host}, each with its own host's semantics\n`,
  );
  for (const h of listing.handlers) {
    const matcher = h.matcher === undefined ? '' : ` [${h.matcher}]`;
    write(`  ${pc.cyan(h.event)}${matcher} ${h.type}: ${h.target}\n`);
    const line = h.source.line ? `:${h.source.line}` : '';
    write(
      `    ${pc.dim(`origin ${h.origin} · ${h.dialect} (${h.eventKey}) · ${rel(h.source.file)}${line}`)}\n`,
    );
    for (const why of h.why ?? []) write(`    ${pc.dim(`why: ${why}`)}\n`);
  }
  for (const file of listing.nativeFiles)
    write(`  ${pc.dim(`not bridged: ${rel(file)} (${listing.host} runs it itself)`)}\n`);
  for (const broken of listing.brokenFiles)
    write(`  ${pc.red(`unreadable: ${rel(broken.file)}: ${broken.reason}`)}\n`);
}
