import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '../../../src/model/dialect.ts';
import type { EventName } from '../../../src/model/event-name.ts';
import type { CommandFields, CommandHandler } from '../../../src/model/handler.ts';
import type { RunRequest } from '../../../src/runners/types.ts';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/command');

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

export interface RequestOverrides {
  dialect?: Dialect;
  event?: EventName;
  payload?: Record<string, unknown>;
  /** The canonical input (default: the payload, which is canonical in the Claude dialect). */
  input?: Record<string, unknown>;
  timeoutMs?: number;
  signal?: AbortSignal;
  projectDir?: string;
  env?: NodeJS.ProcessEnv;
  pluginRoot?: string;
  pluginData?: string;
  onProgress?: (message: string) => void;
}

export function commandRequest(spec: CommandFields, o: RequestOverrides = {}): RunRequest<CommandHandler> {
  const event = o.event ?? 'PreToolUse';
  const payload = o.payload ?? { hook_event_name: event, tool_name: 'Bash', tool_input: { command: 'ls' } };
  const handler: CommandHandler = {
    type: 'command',
    event,
    eventKey: event,
    dialect: o.dialect ?? 'claude',
    source: {
      file: 'settings.json',
      pointer: '/hooks/0',
      scope: 'project',
      ...(o.pluginRoot ? { pluginRoot: o.pluginRoot } : {}),
      ...(o.pluginData ? { pluginData: o.pluginData } : {}),
    },
    spec,
  };
  const request: RunRequest<CommandHandler> = {
    handler,
    event,
    input: o.input ?? payload,
    payload,
    payloadJson: JSON.stringify(payload),
    projectDir: o.projectDir ?? FIXTURES,
    sessionId: 'session-1',
    timeoutMs: o.timeoutMs ?? 15_000,
    signal: o.signal ?? new AbortController().signal,
    env: o.env ?? process.env,
    policy: {},
  };
  if (o.onProgress) request.onProgress = o.onProgress;
  return request;
}
