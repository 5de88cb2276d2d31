// addSessionHook() in the seed's shape (seed 004 "session hooks": `{ type: 'command', command:
// './verify-output.sh' }`): the entry is read exactly like one in a Claude settings file, as the
// profile's host reads such a file (readingFor), so an invalid one is a clear error at
// registration, never a TypeError in a later dispatch.
import { readingFor } from '../../config/host-reading.ts';
import { readConfigNow } from '../../config/read-core.ts';
import { type Diagnostic, HookError } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';

/** A handler as a Claude settings file spells it (`type`, `command`, `timeout`, `if`, …). */
export type SessionHookEntry = Readonly<Record<string, unknown>> & { readonly type: string };

/** Where messages say the entry came from. */
const SESSION_FILE = '<addSessionHook>';

/** A session hook ready to register. */
export interface SessionHookRead {
  handler: NormalizedHandler;
  /** The matcher to register: none when the entry was read as VS Code reads it (it discards matchers). */
  matcher: string | undefined;
  /** What reading the entry said short of an error, e.g. VS Code's CONFIG_UNSUPPORTED_BY_HOST notes. */
  notes: readonly Diagnostic[];
}

/** An already-normalized handler (as `engine.config.handlers` holds them) passes as it is. */
function isNormalized(value: NormalizedHandler | SessionHookEntry): value is NormalizedHandler {
  return 'spec' in value && 'dialect' in value && 'source' in value;
}

/**
 * The entry as a handler; throws ENGINE_INVALID_SESSION_HOOK naming every problem. Under the vscode
 * profile it is read as VS Code reads a Claude settings file's entry (other-agents-hooks.md §2.4
 * steps 3–4; §2.5 no background), as the same entry in `.claude/settings.json` would be: a
 * non-command type or an event VS Code does not run is refused here, and Claude's other keys
 * (`async`, `if`, `args`, …) are dropped with the notes a file's hook gets.
 */
export function sessionHookHandler(
  event: EventName,
  matcher: string | undefined,
  entry: NormalizedHandler | SessionHookEntry,
  profile: ProfileName,
): SessionHookRead {
  if (typeof entry === 'object' && entry !== null && isNormalized(entry)) {
    return { handler: entry, matcher, notes: [] };
  }
  const group = { ...(matcher ? { matcher } : {}), hooks: [entry] };
  const reading = readingFor('claude-settings', profile);
  const read = readConfigNow({
    file: SESSION_FILE,
    text: JSON.stringify({ hooks: { [event]: [group] } }),
    ...reading,
    scope: 'session',
  });
  const errors = read.diagnostics.filter((found) => found.severity === 'error');
  const handler = read.handlers[0];
  if (errors.length > 0 || handler === undefined || read.handlers.length !== 1) {
    const problems = (errors.length > 0 ? errors : read.diagnostics).map((found) => found.message);
    throw new HookError(
      'ENGINE_INVALID_SESSION_HOOK',
      `addSessionHook(${JSON.stringify(event)}): invalid hook ${JSON.stringify(entry)}: ${problems.join('; ') || 'no handler could be read'}`,
    );
  }
  return { handler, matcher: reading.claudeFormat ? undefined : matcher, notes: read.diagnostics };
}
