import type { EventName } from '../model/event-name.ts';
import type { SpillStore } from './aggregate/spill-store.ts';
import type { AsyncHookRegistry } from './async/async-registry.ts';
import type { HookEngineOptions } from './options.ts';
import type { PlannedHandler } from './plan/build-index.ts';
import type { Profile } from './profiles/profile.ts';
import type { RunnerRegistry } from './run/runner-registry.ts';
import type { SessionHookStore } from './session/session-hooks.ts';
import type { SessionStateStore } from './session/session-state.ts';
import type { ConfigSnapshot } from './snapshot/snapshot.ts';
import type { TelemetryBus } from './telemetry/bus.ts';

/** Everything one dispatch needs from its engine, passed explicitly. */
export interface EngineContext {
  options: Readonly<HookEngineOptions>;
  snapshot: ConfigSnapshot;
  profile: Profile;
  registry: RunnerRegistry;
  telemetry: TelemetryBus;
  sessionHooks: SessionHookStore;
  /** Per-session counters: consecutive Stop/SubagentStop blocks, claimed `once` hooks. */
  sessionState: SessionStateStore;
  /** Aborted by close(): cancels every running hook. */
  closing: AbortSignal;
  /** Planned session hooks per session and event, valid while the store version matches. */
  planCache: Map<
    string,
    Map<
      EventName,
      { version: number; configured: readonly PlannedHandler[]; planned: readonly PlannedHandler[] }
    >
  >;
  homeDir: string;
  projectDir: string;
  /** Hooks running in the background (claude-code-hooks.md §4.7). */
  asyncHooks: AsyncHookRegistry;
  /** Where this engine spills output over the context cap, and what it wrote. */
  spills: SpillStore;
}
