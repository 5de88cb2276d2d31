// An EngineContext built from parts, so that a single stage can run without an engine around it.
import { tmpdir } from 'node:os';
import { SpillStore } from '../../src/engine/aggregate/spill-store.ts';
import { AsyncHookRegistry } from '../../src/engine/async/async-registry.ts';
import type { EngineContext } from '../../src/engine/context.ts';
import { getProfile } from '../../src/engine/profiles/profiles.ts';
import { RunnerRegistry, type RunnerTable } from '../../src/engine/run/runner-registry.ts';
import { SessionHookStore } from '../../src/engine/session/session-hooks.ts';
import { MemorySessionState } from '../../src/engine/session/session-state.ts';
import { loadSnapshot } from '../../src/engine/snapshot/load-snapshot.ts';
import { TelemetryBus } from '../../src/engine/telemetry/bus.ts';
import type { NormalizedHandler } from '../../src/model/handler.ts';
import type { ProfileName } from '../../src/model/profile-name.ts';

export async function stageContext(
  handlers: NormalizedHandler[],
  options: { profile?: ProfileName; runners?: RunnerTable } = {},
): Promise<EngineContext> {
  const engineOptions = { discover: false, handlers, profile: options.profile ?? 'claude-code' } as const;
  return {
    options: engineOptions,
    snapshot: await loadSnapshot(engineOptions, 1),
    profile: getProfile(engineOptions.profile),
    registry: new RunnerRegistry(options.runners),
    telemetry: new TelemetryBus(),
    sessionHooks: new SessionHookStore(),
    sessionState: new MemorySessionState(),
    closing: new AbortController().signal,
    planCache: new Map(),
    homeDir: tmpdir(),
    projectDir: tmpdir(),
    asyncHooks: new AsyncHookRegistry(),
    spills: new SpillStore(),
  };
}
