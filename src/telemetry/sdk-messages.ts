import { randomUUID } from 'node:crypto';
import type { TelemetryEvent, TelemetryListener } from '../engine/telemetry/bus.ts';

/** The fields every SDK hook message carries. */
export interface SdkHookMessageBase {
  type: 'system';
  hook_id: string;
  /** `<Event>:<matchQuery>` (e.g. `PreToolUse:Bash`) or just the event. */
  hook_name: string;
  hook_event: string;
  uuid: string;
  session_id: string;
}

/** The Claude Agent SDK's hook lifecycle messages, field for field (claude-code-hooks.md §7.3). */
export type SdkHookMessage =
  | (SdkHookMessageBase & { subtype: 'hook_started' })
  | (SdkHookMessageBase & { subtype: 'hook_progress'; stdout: string; stderr: string; output: string })
  | (SdkHookMessageBase & {
      subtype: 'hook_response';
      output: string;
      stdout: string;
      stderr: string;
      exit_code?: number;
      outcome: 'success' | 'error' | 'cancelled';
    });

/** Events that never emit `hook_started`, and `hook_response` only for background hooks (§7.3). */
const NO_STARTED: ReadonlySet<string> = new Set(['Notification', 'SessionEnd', 'PreCompact', 'PostCompact']);
/** Claude Code emits these messages for command and HTTP hooks only; prompt, agent and callbacks emit none. */
const EMITTING_TYPES: ReadonlySet<string> = new Set(['command', 'http']);

interface Running {
  dispatchId: number;
  uuid: string;
  name: string;
  sessionId: string;
}

/**
 * Translates the bus into `hook_started` / `hook_progress` / `hook_response` messages for a host
 * that speaks the Agent SDK's stream-json protocol. Unlike the built-in file subscribers it honours
 * the bus's includeHookEvents rule, since that rule exists for exactly this stream.
 */
export function createSdkHookMessages(send: (message: SdkHookMessage) => void): TelemetryListener {
  const running = new Map<string, Running>();
  return (event: TelemetryEvent) => {
    switch (event.type) {
      case 'started': {
        if (!EMITTING_TYPES.has(event.handlerType)) return;
        const entry: Running = {
          dispatchId: event.dispatchId,
          uuid: randomUUID(),
          name: event.matchQuery ? `${event.event}:${event.matchQuery}` : event.event,
          sessionId: event.sessionId,
        };
        running.set(event.hookId, entry);
        if (NO_STARTED.has(event.event)) return;
        send({ subtype: 'hook_started', ...base(entry, event.event) });
        return;
      }
      case 'progress': {
        const entry = running.get(event.hookId);
        if (
          !entry ||
          (event.stdout === undefined && event.stderr === undefined && event.message === undefined)
        ) {
          return;
        }
        const stdout = event.stdout ?? event.message ?? '';
        const stderr = event.stderr ?? '';
        send({
          subtype: 'hook_progress',
          ...base(entry, event.event),
          stdout,
          stderr,
          output: stdout + stderr,
        });
        return;
      }
      case 'response': {
        const entry = running.get(event.hookId);
        if (!entry) return;
        running.delete(event.hookId);
        if (NO_STARTED.has(event.event)) return;
        send({
          subtype: 'hook_response',
          ...base(entry, event.event),
          // The streams are captured separately, so `output` is stdout then stderr, not interleaved.
          output: event.stdout + event.stderr,
          stdout: event.stdout,
          stderr: event.stderr,
          ...(event.exitCode !== null ? { exit_code: event.exitCode } : {}),
          outcome: sdkOutcome(event.outcome),
        });
        return;
      }
      case 'dispatch-end':
        // Runs cut short without a response must not pile up.
        for (const [hookId, entry] of running) {
          if (entry.dispatchId === event.dispatchId) running.delete(hookId);
        }
        return;
    }
  };
}

function base(entry: Running, event: string): SdkHookMessageBase {
  return {
    type: 'system',
    hook_id: entry.uuid,
    hook_name: entry.name,
    hook_event: event,
    uuid: randomUUID(),
    session_id: entry.sessionId,
  };
}

/**
 * The SDK knows three outcomes, following the process: exit 0 is success, any other end
 * (a blocking exit 2 included; the decision travels separately) is error.
 */
function sdkOutcome(outcome: string): 'success' | 'error' | 'cancelled' {
  if (outcome === 'success') return 'success';
  if (outcome === 'cancelled') return 'cancelled';
  return 'error';
}
