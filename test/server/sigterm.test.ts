import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post } from './fixtures.ts';

// node itself on the built bin (no wrapper process), so SIGTERM reaches the server.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKERS = 8;
const SIGNAL_AFTER_ANSWERS = 150;

let config: ConfigDir | undefined;
afterAll(() => {
  if (config) rmSync(config.dir, { recursive: true, force: true });
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
