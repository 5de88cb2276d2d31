// What the engine remembers about a session (Stop-block counts, `once` claims) when every event
// starts a new bridge process: one small JSON file per session under the user's state directory.
// Writes go to a temporary file that is renamed over the old one, so a reader never sees half a
// file; read-modify-write runs under a lock file, so parallel tool calls never lose a count.
import { mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SessionStateStore } from '../engine/session/session-state.ts';
import { sha256Hex } from '../model/sha256.ts';

/** A session file untouched this long belongs to a session that is over. */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A lock held this long was left by a process that died; a write takes well under 1 ms. */
const LOCK_STALE_MS = 5_000;
const LOCK_RETRY_MS = 5;

/** `$XDG_STATE_HOME/agent-hooks`, else `~/.local/state/agent-hooks`. */
export function stateDirectory(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const xdg = env.XDG_STATE_HOME;
  return xdg?.startsWith('/') ? join(xdg, 'agent-hooks') : join(home, '.local', 'state', 'agent-hooks');
}

/** The session's file: a hash of the id, since hosts choose ids and a name must stay a name. */
export function sessionFile(dir: string, sessionId: string): string {
  const digest = sha256Hex(sessionId).slice(0, 32);
  return join(dir, 'sessions', `${digest}.json`);
}

type Counters = Record<string, number>;

async function readCounters(file: string): Promise<Counters> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Counters)
      : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    // A file that is not JSON cannot have come from a rename; start over rather than fail the hook.
    if (error instanceof SyntaxError) return {};
    throw error;
  }
}

/** Takes `lock`, created exclusively; a lock older than LOCK_STALE_MS is taken over. */
async function acquireLock(lock: string): Promise<void> {
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (held > LOCK_STALE_MS) await rm(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/** One session's counters in one file; safe to share between processes. */
export class FileSessionState implements SessionStateStore {
  #file: string | (() => string);
  #named = false;

  /**
   * `file` may be a function that names the file when it is first needed: naming hashes the session
   * id, and most events (every tool call) never touch the session's state, so a bridge start for
   * them loads no crypto (issue 16 item 4).
   */
  constructor(file: string | (() => string)) {
    this.#file = file;
  }

  /** The session's file; its folder is made when the file is first named. */
  get file(): string {
    if (typeof this.#file === 'function') this.#file = this.#file();
    if (!this.#named) {
      mkdirSync(join(this.#file, '..'), { recursive: true, mode: 0o700 });
      this.#named = true;
    }
    return this.#file;
  }

  async get(key: string): Promise<number> {
    return (await readCounters(this.file))[key] ?? 0;
  }

  increment(key: string): Promise<number> {
    return this.#update((counters) => {
      counters[key] = (counters[key] ?? 0) + 1;
      return counters[key];
    });
  }

  async reset(key: string): Promise<void> {
    await this.#update((counters) => {
      delete counters[key];
      return 0;
    });
  }

  /** Deletes the session's file (SessionEnd). */
  async remove(): Promise<void> {
    await rm(this.file, { force: true });
  }

  #update(change: (counters: Counters) => number): Promise<number> {
    return underLock(this.file, async () => {
      const counters = await readCounters(this.file);
      const value = change(counters);
      await replaceFile(this.file, JSON.stringify(counters));
      return value;
    });
  }
}

/** Runs `work` holding `<file>.lock`: read-modify-write of `file` by one process at a time. */
export async function underLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  await acquireLock(lock);
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

let tempCounter = 0;

/** Writes `text` to a temporary file and renames it over `file`: a reader never sees half of it. */
export async function replaceFile(file: string, text: string): Promise<void> {
  tempCounter += 1;
  const temp = `${file}.${process.pid}.${tempCounter}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  await rename(temp, file);
}

/** Removes session files (and leftovers) not touched for `maxAgeMs`: sessions that ended unseen. */
export async function sweepSessions(
  dir: string,
  maxAgeMs = SESSION_MAX_AGE_MS,
  now = Date.now(),
): Promise<number> {
  return (await sweepSessionFiles(dir, maxAgeMs, now)).removed;
}

/** The sweep, and the names of the files it kept: one directory read per bridge start. */
export async function sweepSessionFiles(
  dir: string,
  maxAgeMs = SESSION_MAX_AGE_MS,
  now = Date.now(),
): Promise<{ removed: number; kept: string[] }> {
  const sessions = join(dir, 'sessions');
  const names = await readdir(sessions).catch(() => [] as string[]);
  const kept: string[] = [];
  for (const name of names) {
    const file = join(sessions, name);
    const age = await stat(file).then(
      (s) => now - s.mtimeMs,
      () => 0,
    );
    if (age > maxAgeMs) await rm(file, { force: true });
    else kept.push(name);
  }
  return { removed: names.length - kept.length, kept };
}
