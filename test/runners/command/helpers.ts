import { readdirSync, readFileSync } from 'node:fs';
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

/** Alive and not a zombie: PID 1 in this sandbox may never reap orphans. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Polls `check` until it is true or the deadline passes; returns the last value. */
export async function waitFor(check: () => boolean, deadlineMs = 10_000, everyMs = 20): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    if (check()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export function openFdCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Live (non-zombie) descendants of this process, from /proc. */
export function descendantPids(root = process.pid): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop() as number;
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
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
