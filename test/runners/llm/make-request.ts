import type { EventName } from '../../../src/model/event-name.ts';
import type { AgentHandler, McpToolHandler, PromptHandler } from '../../../src/model/handler.ts';
import type { RunRequest } from '../../../src/runners/types.ts';

type LlmHandler = PromptHandler | AgentHandler | McpToolHandler;

/** A RunRequest for one handler, as the engine would build it. */
export function makeRequest<H extends LlmHandler>(
  type: H['type'],
  spec: H['spec'],
  payload: Record<string, unknown>,
  extra: { event?: EventName; timeoutMs?: number; signal?: AbortSignal; projectDir?: string } = {},
): RunRequest<H> {
  const event = extra.event ?? 'PreToolUse';
  const handler = {
    type,
    spec,
    event,
    eventKey: event,
    dialect: 'claude',
    source: { file: '.claude/settings.json', pointer: `/hooks/${event}/0/hooks/0`, scope: 'project' },
  } as unknown as H;
  const full = { hook_event_name: event, ...payload };
  return {
    handler,
    event,
    input: full,
    payload: full,
    payloadJson: JSON.stringify(full),
    projectDir: extra.projectDir ?? process.cwd(),
    sessionId: 'sess-1',
    timeoutMs: extra.timeoutMs ?? 15_000,
    signal: extra.signal ?? new AbortController().signal,
    env: {},
    policy: {},
  };
}
