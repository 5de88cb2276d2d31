import type { TelemetryEvent, TelemetryListener } from '../../src/engine/telemetry/bus.ts';
import { createHookEngine, type HookEngine } from '../../src/index.ts';

/** A real engine over inline Claude settings: no discovery, no home directory. */
export function inlineEngine(
  hooks: Record<string, unknown>,
  sessionId = 'telemetry-session',
): Promise<HookEngine> {
  return createHookEngine({
    discover: false,
    sessionId,
    sources: [{ file: 'inline.json', kind: 'claude-settings', config: { hooks }, scope: 'project' }],
  });
}

/** One matcher group with one command hook per command. */
export function commands(...lines: string[]): unknown[] {
  return [{ hooks: lines.map((command) => ({ type: 'command', command })) }];
}

export function recorder(): { events: TelemetryEvent[]; listener: TelemetryListener } {
  const events: TelemetryEvent[] = [];
  return { events, listener: (event) => events.push(event) };
}

export const TOOL_INPUT = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
