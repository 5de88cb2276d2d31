import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, type TelemetryEvent } from '../../src/index.ts';
import { fixture, useMockAnthropic } from '../helpers/mock-llm-server.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// seed 004 "agent hooks" / claude-code-hooks.md §4.6: the obligation to call StructuredOutput is a
// session-scoped Stop function hook, registered before the loop and removed after it.
const llm = useMockAnthropic();
let tmp: string;
beforeAll(async () => {
  tmp = tempDir('gate');
});

describe('agent hook Stop gate through the engine', () => {
  it('sends the model back through a private-session Stop hook until it gives a verdict', async () => {
    const log = join(tmp, 'stop-hook.log');
    const events: TelemetryEvent[] = [];
    const engine = await createHookEngine({
      discover: false,
      sessionId: 'host-session',
      onTelemetry: (event) => events.push(event),
      sources: [
        {
          file: 'settings.json',
          kind: 'claude-settings',
          config: {
            hooks: {
              Stop: [
                {
                  hooks: [
                    { type: 'agent', prompt: 'Check the work. $ARGUMENTS' },
                    { type: 'command', command: `cat > /dev/null; echo ran >> ${log}` },
                  ],
                },
              ],
            },
          },
        },
      ],
    });
    llm.server.queue(
      'anthropic',
      fixture('anthropic', 'text-only-done'),
      fixture('anthropic', 'tool-use-structured-false'),
    );
    const result = await engine.dispatch('Stop', {});
    await engine.close();

    expect(result.decision).toBe('block');
    expect(result.reason).toContain('no test covers negative numbers');
    const gateDispatches = events.filter(
      (event) => event.type === 'dispatch-start' && event.sessionId.startsWith('host-session/agent-hook-'),
    );
    // The model stopped once without a verdict: the gate's Stop blocked it with the reminder.
    expect(gateDispatches).toHaveLength(1);
    const gateEnd = events.find(
      (event) => event.type === 'dispatch-end' && event.sessionId.startsWith('host-session/agent-hook-'),
    );
    expect(gateEnd?.type === 'dispatch-end' && gateEnd.result.decision).toBe('block');
    expect(llm.server.requests).toHaveLength(2);
    expect(JSON.stringify(llm.server.requests[1]?.body)).toContain(
      'You have not called the StructuredOutput tool',
    );
    // The configured Stop command ran for the host's Stop only, never for the gate's.
    expect(readFileSync(log, 'utf8')).toBe('ran\n');
    expect(engine.session(String((gateDispatches[0] as { sessionId: string }).sessionId)).hasHooks()).toBe(
      false,
    );
  });
});
