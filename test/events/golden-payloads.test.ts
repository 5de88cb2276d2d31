import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getEvent } from '../../src/events/catalogue.ts';
import { renderPayload } from '../../src/events/payload.ts';
import { type EventName, isEventName } from '../../src/model/event-name.ts';

/**
 * Real stdin payloads of Claude Code 2.1.328 (claude-code-observed.md), vendored so the test runs
 * without ../shared; test/events/wire-schemas.test.ts checks the copy against the shared original.
 */
const GOLDEN_PATH = fileURLToPath(
  new URL('../fixtures/compat/claude-code-2.1.328/hook-inputs.json', import.meta.url),
);
const golden = JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')) as {
  events: Record<string, Record<string, unknown>[]>;
};

/** Filled from `common` by the renderer, not passed in by the caller. */
const SESSION_FIELDS = ['session_id', 'transcript_path', 'cwd', 'hook_event_name'];
/** §3.1 common fields the engine knows only from its caller. */
const OPTIONAL_COMMON = ['prompt_id', 'permission_mode', 'effort', 'agent_id', 'agent_type'];

const cases = Object.entries(golden.events).flatMap(([event, payloads]) =>
  payloads.map((payload, index) => ({ event, index, payload })),
);

describe('golden payloads: claude dialect reproduces Claude Code 2.1.328 (hook-inputs.json)', () => {
  it('covers the 12 recorded events', () => {
    expect(Object.keys(golden.events)).toHaveLength(12);
  });

  it.each(cases)('$event #$index', ({ event, payload }) => {
    expect(isEventName(event)).toBe(true);
    const name = event as EventName;
    // Feed the event fields in reverse order so the renderer's own key order is what we compare.
    const input = Object.fromEntries(
      Object.entries(payload)
        .filter(([key]) => !SESSION_FIELDS.includes(key))
        .reverse(),
    );
    const rendered = renderPayload(name, input, 'claude', {
      sessionId: String(payload.session_id),
      transcriptPath: String(payload.transcript_path),
      cwd: String(payload.cwd),
      now: new Date(0),
    });
    expect(Object.keys(rendered)).toEqual(Object.keys(payload));
    expect(rendered).toEqual(payload);

    // Every observed event field is declared in the catalogue.
    const declared = getEvent(name).input.map((field) => field.name);
    for (const key of Object.keys(payload)) {
      if (SESSION_FIELDS.includes(key) || OPTIONAL_COMMON.includes(key)) continue;
      expect(declared).toContain(key);
    }
  });
});
