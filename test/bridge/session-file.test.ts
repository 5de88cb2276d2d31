import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  FileSessionState,
  SESSION_MAX_AGE_MS,
  sessionFile,
  stateDirectory,
  sweepSessions,
} from '../../src/bridge/session-file.ts';
import { prefixedState } from '../../src/engine/session/session-state.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const run = promisify(execFile);
const WRITER = join(REPO_ROOT, 'test/fixtures/bridge/state-writer.mjs');

describe('bridge session state file', () => {
  it('lives under $XDG_STATE_HOME/agent-hooks, else ~/.local/state/agent-hooks', () => {
    expect(stateDirectory({ XDG_STATE_HOME: '/x/state' }, '/home/u')).toBe('/x/state/agent-hooks');
    expect(stateDirectory({}, '/home/u')).toBe('/home/u/.local/state/agent-hooks');
    // The XDG spec ignores relative paths.
    expect(stateDirectory({ XDG_STATE_HOME: 'rel' }, '/home/u')).toBe('/home/u/.local/state/agent-hooks');
  });

  it('names the file by a hash of the session id, so a hostile id stays inside the folder', () => {
    const file = sessionFile('/state', '../../etc/passwd');
    expect(file).toMatch(/^\/state\/sessions\/[0-9a-f]{32}\.json$/);
    expect(sessionFile('/state', 'a')).not.toBe(sessionFile('/state', 'b'));
  });

  it('keeps counts across store instances (one per bridge process), per key and prefix', async () => {
    const file = sessionFile(tempDir('state'), 'session-1');
    const first = prefixedState(new FileSessionState(file), 'copilot-cli');
    expect(await first.increment('stop')).toBe(1);
    expect(await first.increment('stop')).toBe(2);
    const second = new FileSessionState(file);
    expect(await prefixedState(second, 'copilot-cli').get('stop')).toBe(2);
    expect(await prefixedState(second, 'claude-code').get('stop')).toBe(0);
    await prefixedState(second, 'copilot-cli').reset('stop');
    expect(await first.get('stop')).toBe(0);
    await second.remove();
    expect(existsSync(file)).toBe(false);
  });

  it('loses no increment when real processes update one session at once (parallel tool calls)', async () => {
    const dir = tempDir('state');
    const file = sessionFile(dir, 'parallel');
    const processes = 6;
    const each = 40;
    await Promise.all(
      Array.from({ length: processes }, () => run(process.execPath, [WRITER, file, 'count', String(each)])),
    );
    expect(await new FileSessionState(file).get('count')).toBe(processes * each);
    // Every write was a whole file renamed into place: no temporary file or lock is left.
    expect(readdirSync(join(dir, 'sessions'))).toEqual([file.split('/').at(-1)]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ count: processes * each });
  });

  it('takes over a lock left by a process that died, and reads a damaged file as empty', async () => {
    const file = sessionFile(tempDir('state'), 'crashed');
    const store = new FileSessionState(file);
    const lock = writeFile(join(file, '..'), `${file.split('/').at(-1)}.lock`, '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(lock, past, past);
    expect(await store.increment('k')).toBe(1);
    writeFileSync(file, '{"k": 1');
    expect(await store.get('k')).toBe(0);
    expect(await store.increment('k')).toBe(1);
  });

  it('sweeps session files not touched for a day', async () => {
    const dir = tempDir('state');
    const old = new FileSessionState(sessionFile(dir, 'old'));
    const fresh = new FileSessionState(sessionFile(dir, 'fresh'));
    await old.increment('k');
    await fresh.increment('k');
    const longAgo = new Date(Date.now() - SESSION_MAX_AGE_MS - 60_000);
    utimesSync(old.file, longAgo, longAgo);
    expect(await sweepSessions(dir)).toBe(1);
    expect(existsSync(old.file)).toBe(false);
    expect(existsSync(fresh.file)).toBe(true);
    expect(await sweepSessions(join(dir, 'missing'))).toBe(0);
  });
});
