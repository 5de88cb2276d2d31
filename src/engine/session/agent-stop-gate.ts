import type { DispatchResult } from '../dispatch/result.ts';
import type { DispatchOptions } from '../options.ts';
import type { SessionHookStore } from './session-hooks.ts';

let gateCounter = 0;

/** What the gate needs from its engine. */
export interface StopGateHost {
  sessionHooks: SessionHookStore;
  dispatch(event: 'Stop', input: Record<string, unknown>, options: DispatchOptions): Promise<DispatchResult>;
  /** Forgets the Stop-block count of a session. */
  forgetStopBlocks(sessionId: string): void;
}

/**
 * seed 004 / claude-code-hooks.md §4.6: an agent hook's obligation to call StructuredOutput is a
 * Stop function hook on a private session, registered before its loop and removed after it.
 * Only that session's hooks run on its Stop, never the configured ones.
 */
export function agentStopGate(host: StopGateHost, check: () => boolean, message: string, sessionId: string) {
  gateCounter += 1;
  const gateSession = `${sessionId}/agent-hook-${gateCounter}`;
  host.sessionHooks.addFunctionHook(gateSession, 'Stop', undefined, () => check(), message);
  return {
    stop: async () => {
      const result = await host.dispatch('Stop', {}, { sessionId: gateSession, sessionHooksOnly: true });
      return { blocked: result.decision === 'block', ...(result.reason ? { reason: result.reason } : {}) };
    },
    dispose: () => {
      host.sessionHooks.endSession(gateSession);
      host.forgetStopBlocks(gateSession);
    },
  };
}
