// The session a bridge invocation belongs to: its state file (named only when used, so a tool call
// hashes nothing) and whether an inbox of background output waits (docs/bridge.md "State across
// invocations", "Background hooks").
import { isInboxName } from './async-inbox.ts';
import { FileSessionState, sessionFile, stateDirectory, sweepSessionFiles } from './session-file.ts';

export interface OpenSession {
  state: FileSessionState;
  sessionId: string;
  /**
   * Some session has an inbox (seen in the sweep's listing): only then is this session's named,
   * which hashes its id, so most events load no crypto (issue 16 item 4).
   */
  inboxWaiting: boolean;
}

function sessionIdOf(input: Record<string, unknown>): string | undefined {
  for (const key of ['session_id', 'sessionId']) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * The payload's session, after sweeping files of sessions that ended unseen a day ago; none without
 * a session id or with `stateDir: null` (state in memory for this invocation).
 */
export async function openSession(
  options: { stateDir?: string | null; env?: NodeJS.ProcessEnv },
  input: Record<string, unknown>,
): Promise<OpenSession | undefined> {
  const sessionId = sessionIdOf(input);
  if (options.stateDir === null || sessionId === undefined) return undefined;
  const dir = options.stateDir ?? stateDirectory(options.env ?? process.env);
  const { kept } = await sweepSessionFiles(dir);
  return {
    state: new FileSessionState(() => sessionFile(dir, sessionId)),
    sessionId,
    inboxWaiting: kept.some(isInboxName),
  };
}
