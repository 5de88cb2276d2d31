// What `list` (and `doctor`) show of the bridge: the hooks `agent-hooks bridge --host HOST` would
// run, each with its origin (the dialect and file it comes from), the calling host's own files it
// leaves to the host, and the files it could not read (issue 16 item 2).
import { type HandlerRow, handlerRow, handlersOfEvent } from '../config/generation/listing.ts';
import type { Diagnostic } from '../errors.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { bridgeEntryOf } from './entry.ts';
import { type BridgeLoadOptions, loadBridgeConfig } from './origins.ts';

/** A bridged hook: read and run with its origin host's semantics, whatever host calls. */
export interface BridgedHandlerRow extends HandlerRow {
  origin: ProfileName;
}

export interface BridgeListing {
  /** The calling host. */
  host: ProfileName;
  handlers: BridgedHandlerRow[];
  /** The calling host's own files: it runs them itself, so the bridge skips them. */
  nativeFiles: string[];
  /** Files holding other hosts' bridge entries, which the bridge does not start. */
  bridgeEntryFiles: string[];
  brokenFiles: { file: string; reason: string }[];
  diagnostics: Diagnostic[];
}

/** The bridge's hooks for `options.host`, of `event` (any spelling) or all. */
export async function buildBridgeListing(
  options: BridgeLoadOptions & { event?: string; explain?: boolean },
): Promise<BridgeListing> {
  const { event, explain, ...load } = options;
  const config = await loadBridgeConfig(load);
  const handlers = config.origins.flatMap((origin) =>
    handlersOfEvent(origin.handlers, event).map(
      (h): BridgedHandlerRow => ({
        ...handlerRow(h, origin.origin, explain === true),
        origin: origin.origin,
      }),
    ),
  );
  return {
    host: options.host,
    handlers,
    nativeFiles: config.nativeFiles,
    bridgeEntryFiles: config.bridgeEntryFiles,
    brokenFiles: config.brokenFiles,
    diagnostics: config.diagnostics,
  };
}

/**
 * The bridges `list` and `doctor` show: the host named by `bridge`, and each host whose hook files
 * route its events to `agent-hooks bridge` (what `bridge install` writes), seen in `handlers`.
 */
export async function bridgeListings(
  handlers: readonly (readonly NormalizedHandler[])[],
  load: Omit<BridgeLoadOptions, 'host' | 'includeNative'>,
  options: { bridge?: ProfileName; event?: string; explain?: boolean } = {},
): Promise<BridgeListing[]> {
  const hosts = new Set<ProfileName>(options.bridge ? [options.bridge] : []);
  for (const list of handlers) {
    for (const handler of list) {
      const host = bridgeEntryOf(handler);
      if (host) hosts.add(host);
    }
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
