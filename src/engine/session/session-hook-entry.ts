// addSessionHook() in the seed's shape (seed 004 "session hooks": `{ type: 'command', command:
// './verify-output.sh' }`): the entry is read exactly like one in a Claude settings file, so an
// invalid one is a clear error at registration, never a TypeError in a later dispatch.
import { readConfigNow } from '../../config/read-core.ts';
import { HookError } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';

/** A handler as a Claude settings file spells it (`type`, `command`, `timeout`, `if`, …). */
export type SessionHookEntry = Readonly<Record<string, unknown>> & { readonly type: string };

/** Where messages say the entry came from. */
const SESSION_FILE = '<addSessionHook>';

/** An already-normalized handler (as `engine.config.handlers` holds them) passes as it is. */
function isNormalized(value: NormalizedHandler | SessionHookEntry): value is NormalizedHandler {
  return 'spec' in value && 'dialect' in value && 'source' in value;
}

/** The entry as a handler; throws ENGINE_INVALID_SESSION_HOOK naming every problem. */
export function sessionHookHandler(
  event: EventName,
  matcher: string | undefined,
  entry: NormalizedHandler | SessionHookEntry,
): NormalizedHandler {
  if (typeof entry === 'object' && entry !== null && isNormalized(entry)) return entry;
  const group = { ...(matcher ? { matcher } : {}), hooks: [entry] };
  const read = readConfigNow({
    file: SESSION_FILE,
    text: JSON.stringify({ hooks: { [event]: [group] } }),
    kind: 'claude-settings',
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
  return handler;
}
