import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { until } from '../helpers/poll.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post } from './fixtures.ts';

// node itself on the built bin (no wrapper process), so SIGTERM reaches the server.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKERS = 8;
const SIGNAL_AFTER_ANSWERS = 150;

let config: ConfigDir | undefined;
afterAll(() => {
  if (config) rmSync(config.dir, { recursive: true, force: true });
});

/** Starts the built `serve` on `config` with `extra` arguments; resolves once it listens. */
async function startServe(config: ConfigDir, extra: string[]) {
  const args = ['serve', '--config', config.configFile, '--database', config.database];
  const child = spawn(
    process.execPath,
    [builtBinPath(), ...args, '--port', '0', '--json', '--no-watch', ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: ROOT,
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const { url } = JSON.parse(
    await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
  );
  return { child, url: url as string, exited, stderr: () => stderr };
}

describe('agent-hooks serve --shutdown-grace', () => {
  it('cancels a dispatch that would outlast the grace period: 503 and the process exits', async () => {
    const dir = makeConfigDir();
    config = dir;
    const started = join(dir.dir, 'hook-started');
    // A hook that says it started, then runs far past the 2 s grace period.
    const slow = { type: 'command', command: `touch ${JSON.stringify(started)}; sleep 60` };
    writeFileSync(
      join(dir.dir, 'teams', 'payments', '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [slow] }] } }),
    );
    const server = await startServe(dir, ['--shutdown-grace', '2']);
    const answer = post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls', 'grace-1'));
    await until(() => existsSync(started), 'the slow hook to start');
    server.child.kill('SIGTERM');
    const got = await answer;
    expect(got.status).toBe(503);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toMatch(/stopped/);
  }, 30_000);

  it('a guard running at SIGTERM (a rolling deploy) finishes within the grace, and its deny is answered', async () => {
    const dir = makeConfigDir();
    config = dir;
    const started = join(dir.dir, 'guard-started');
    const go = join(dir.dir, 'guard-go');
    const guard = {
      type: 'command',
      command: `touch ${JSON.stringify(started)}; while [ ! -e ${JSON.stringify(go)} ]; do sleep 0.02; done; echo "denied during shutdown" >&2; exit 2`,
    };
    writeFileSync(
      join(dir.dir, 'teams', 'payments', '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [guard] }] } }),
    );
    const server = await startServe(dir, []);
    const answer = post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls', 'deploy-1'));
    await until(() => existsSync(started), 'the guard to start');
    server.child.kill('SIGTERM');
    await until(() => server.stderr().includes('SIGTERM: finishing'), 'the server to begin its shutdown');
    writeFileSync(go, '');
    const got = await answer;
    expect(got.status).toBe(200);
    expect(got.json.hookSpecificOutput).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringContaining('denied during shutdown'),
    });
    expect(await server.exited).toBe(0);
  }, 30_000);

  it('refuses a grace that is not a number of seconds above 0, before anything opens', async () => {
    const dir = makeConfigDir();
    config = dir;
    for (const bad of ['0', '-5', 'thirty', '']) {
      const child = spawn(
        process.execPath,
        [builtBinPath(), 'serve', '--config', dir.configFile, '--shutdown-grace', bad],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`--shutdown-grace ${bad}: give the seconds between SIGTERM and SIGKILL`);
      expect(existsSync(dir.database)).toBe(false);
    }
  });
});

describe('agent-hooks serve on SIGTERM', () => {
  it('answers what it accepted, refuses the rest, and has every answered dispatch in the audit', async () => {
    config = makeConfigDir();
    const child = spawn(
      process.execPath,
      [
        builtBinPath(),
        'serve',
        '--config',
        config.configFile,
        '--database',
        config.database,
        '--port',
        '0',
        '--json',
        '--no-watch',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const { url } = JSON.parse(
      await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
    );
    const answered: string[] = [];
    let signalled = false;
    const worker = async (w: number) => {
      for (let i = 0; ; i++) {
        // Mostly calls no hook matches, some that run the team's command hook.
        const input = claudePreToolUse(i % 5 === 0 ? 'ls' : 'x', `sigterm-${w}`);
        if (i % 5 !== 0) input.tool_name = 'Read';
        let answer: Awaited<ReturnType<typeof post>>;
        try {
          answer = await post(`${url}/hooks/claude-code/PreToolUse`, input);
        } catch {
          return; // the server has closed its socket: it accepts no more requests
        }
        if (answer.status === 200) answered.push(answer.dispatch!);
        else if (answer.status !== 503) throw new Error(`unexpected ${answer.status}: ${answer.text}`);
        if (!signalled && answered.length >= SIGNAL_AFTER_ANSWERS) {
          signalled = true;
          child.kill('SIGTERM');
        }
        if (answer.status === 503) return;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const code = await exited;
    expect(code).toBe(0);
    expect(stderr).toMatch(/stopped \(\d+ audit records written\)/);
    expect(answered.length).toBeGreaterThanOrEqual(SIGNAL_AFTER_ANSWERS);
    const store = await openAuditStore(config.database);
    try {
      const rows = await store.db.selectFrom('audit_dispatches').select(['id', 'status']).execute();
      const stored = new Set(rows.map((row) => row.id));
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
      expect(rows.length).toBe(answered.length);
    } finally {
      await store.close();
    }
  }, 60_000);
});
