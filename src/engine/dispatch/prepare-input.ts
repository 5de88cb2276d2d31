// The first step of a dispatch: the event's canonical name, the session, and the canonical input
// with every common field filled in.
import { join } from 'node:path';
import { HookError } from '../../errors.ts';
import { resolveEventName } from '../../events/dialect-names.ts';
import { normalizeInput } from '../../events/normalize-input.ts';
import type { EventName } from '../../model/event-name.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchOptions } from '../options.ts';

/** Spellings seen so far; bounded, since a host may pass arbitrary strings. */
const resolvedNames = new Map<string, EventName | null>();
const RESOLVED_NAMES_MAX = 1_000;

const transcriptPaths = new WeakMap<object, Map<string, string>>();
const TRANSCRIPT_PATHS_MAX = 1_000;

/** The canonical event for a name in any dialect's spelling; throws for an unknown name. */
export function resolveEvent(name: string): EventName {
  let event = resolvedNames.get(name);
  if (event === undefined) {
    event = resolveEventName(name)?.event ?? null;
    if (resolvedNames.size < RESOLVED_NAMES_MAX) resolvedNames.set(name, event);
  }
  if (event === null) {
    throw new HookError(
      'ENGINE_UNKNOWN_EVENT',
      `unknown event "${name}"; use a name such as PreToolUse or preToolUse`,
    );
  }
  return event;
}

/** The session a dispatch belongs to: the option, the input's own id, then the engine's. */
export function sessionIdOf(
  ctx: EngineContext,
  rawInput: Record<string, unknown>,
  options: DispatchOptions,
): string {
  return (
    options.sessionId ??
    (typeof rawInput.session_id === 'string' ? rawInput.session_id : undefined) ??
    (typeof rawInput.sessionId === 'string' ? rawInput.sessionId : undefined) ??
    ctx.options.sessionId ??
    'agent-hooks-session'
  );
}

/** The canonical input: host-native fields renamed, common fields filled (the Stop loop's state: stop-loop.ts). */
export function prepareInput(
  ctx: EngineContext,
  event: EventName,
  rawInput: Record<string, unknown>,
  sessionId: string,
): Record<string, unknown> {
  const input = normalizeInput(event, rawInput);
  input.session_id ??= sessionId;
  input.transcript_path ??= ctx.options.transcriptPath ?? defaultTranscriptPath(ctx, sessionId);
  input.cwd ??= ctx.options.cwd ?? ctx.projectDir;
  input.hook_event_name = event;
  return input;
}

function defaultTranscriptPath(ctx: EngineContext, sessionId: string): string {
  let paths = transcriptPaths.get(ctx.options);
  if (!paths) {
    paths = new Map();
    transcriptPaths.set(ctx.options, paths);
  }
  let path = paths.get(sessionId);
  if (path === undefined) {
    // claude-code-observed.md: ~/.claude/projects/<sanitized cwd>/<session>.jsonl
    const sanitized = ctx.projectDir.replace(/[^A-Za-z0-9]/g, '-');
    path = join(ctx.homeDir, '.claude', 'projects', sanitized, `${sessionId}.jsonl`);
    if (paths.size < TRANSCRIPT_PATHS_MAX) paths.set(sessionId, path);
  }
  return path;
}
