import pc from 'picocolors';
import type { BridgeListing } from '../bridge/listing.ts';
import { displayPath, type Write } from './diagnostic-lines.ts';

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
  for (const file of listing.bridgeEntryFiles)
    write(
      `  ${pc.dim(`not started: the agent-hooks bridge entries in ${rel(file)} (another host's bridge)`)}\n`,
    );
  for (const broken of listing.brokenFiles)
    write(`  ${pc.red(`unreadable: ${rel(broken.file)}: ${broken.reason}`)}\n`);
}
