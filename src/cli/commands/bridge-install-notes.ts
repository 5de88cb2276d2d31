// What `bridge install` and `bridge uninstall` say about the bridge entries they find and do not
// write or take out themselves, and about a file uninstall keeps though install's keys are all
// that is left in it.
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'jsonc-parser';
import { bridgeHostOf } from '../../bridge/entry.ts';
import { earlierForm } from '../../bridge/install.ts';
import { type ForeignBridgeEntry, foreignBridgeEntries } from '../../bridge/uninstall.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { isObject } from '../write/json-merge.ts';
import type { WriteLog } from '../write/write-log.ts';

/** The bridge entries of `host` in `text` that are not the ones `config` holds, each with why. */
function bridgeEntriesBesides(
  text: string | undefined,
  host: ProfileName,
  config: Record<string, unknown>,
): ForeignBridgeEntry[] {
  return foreignBridgeEntries(text, config, (line) => bridgeHostOf(line) === host, [earlierForm(config)]);
}

const WHY: Record<ForeignBridgeEntry['why'], string> = {
  earlier: 'an earlier install wrote it, without the timeout install writes now',
  options: 'it runs the bridge with another --command, --tool-schemas or --invalid-rewrite',
  group: 'its group holds other handlers too',
  edited: 'it differs from the entry install writes: a key was added or changed',
};

type Grouped = { command: string; why: ForeignBridgeEntry['why']; events: string[] };

/** Entries with the same command line and reason, once, with the events they are in. */
function grouped(entries: readonly ForeignBridgeEntry[]): Grouped[] {
  const groups = new Map<string, Grouped>();
  for (const { event, command, why } of entries) {
    const key = `${command}\n${why}`;
    const group = groups.get(key) ?? { command, why, events: [] };
    group.events.push(event);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function eventList(events: readonly string[]): string {
  return events.length > 3
    ? `${events.slice(0, 3).join(', ')} and ${events.length - 3} more`
    : events.join(', ');
}

/**
 * The bridge entries of `host` already in the hook file install merges into, with other options
 * or written by hand: both would run on every event.
 */
export function warnOtherEntries(
  target: string,
  before: string | undefined,
  host: ProfileName,
  config: Record<string, unknown>,
  log: WriteLog,
): void {
  for (const { command, why, events } of grouped(bridgeEntriesBesides(before, host, config)))
    log.warn(
      `${target}: also holds "${command}", which routes the same events to the bridge (${eventList(events)}: ${WHY[why]}): ${why === 'group' || why === 'edited' ? 'take it out by hand' : 'remove it with bridge uninstall and the options it was installed with'}, or every event runs the bridge twice`,
    );
}

/** The bridge entries uninstall did not take out, and why: the host still starts the bridge. */
export function reportLeft(
  file: string,
  text: string,
  host: ProfileName,
  config: Record<string, unknown>,
  log: WriteLog,
): void {
  for (const { command, why, events } of grouped(bridgeEntriesBesides(text, host, config)))
    log.warn(
      `${file}: left the bridge entry "${command}" in ${eventList(events)}: ${WHY[why]}, so it is not what this uninstall takes out, and the host still starts the bridge there: ${why === 'options' ? 'run uninstall with the options it was installed with, or take it out by hand' : 'take it out by hand'}`,
    );
}

/**
 * A file that now holds nothing but keys install adds (`$schema`, `version`) stays, since it was
 * there before install or was edited since; the user hears of it, as it may be theirs to delete.
 */
export function noteInstallLeftovers(
  file: string,
  text: string,
  config: Record<string, unknown>,
  log: WriteLog,
): void {
  const current = parse(text) as unknown;
  if (!isObject(current)) return;
  const keys = Object.keys(current);
  if (
    keys.length === 0 ||
    !keys.every((key) => key !== 'hooks' && isDeepStrictEqual(current[key], config[key]))
  )
    return;
  log.note(
    `${file}: kept, though it now holds only ${keys.map((key) => `"${key}"`).join(' and ')}, which install adds: it is not the file install creates from nothing, so it may have been there before; delete it if it is not yours`,
  );
}
