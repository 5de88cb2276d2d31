import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { searchDispatches } from '../../src/server/audit/queries.ts';
import type { ServerInternals as RunningServer } from '../../src/server/start-server.ts';
import {
  type ConfigDir,
  claudePreToolUse,
  copilotPreToolUse,
  makeConfigDir,
  OTHER_TOKEN,
  post,
  serveConfigDir,
} from './fixtures.ts';

/** Claude Code's consecutive Stop-block cap (claude-code-observed.md "Decisions"). */
const STOP_BLOCK_CAP = 8;

let config: ConfigDir;
let server: RunningServer;
const logs: string[] = [];

beforeAll(async () => {
  config = makeConfigDir({ limits: { maxBodyBytes: 4096, maxConcurrent: 4 } });
  server = await serveConfigDir(config, {
    log: (line) => logs.push(line),
    functionHooks: [
      {
        event: 'PreToolUse',
        matcher: 'Write',
        callback: (input) => !String((input.tool_input as { file_path?: string }).file_path).endsWith('.env'),
        errorMessage: 'Writing .env files is not allowed',
        teams: ['payments'],
      },
    ],
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: hosts call it as their http hook', () => {
  it('refuses a request without a valid token with 401 and runs nothing', async () => {
    const none = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('rm -rf /'), null);
    const wrong = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('rm -rf /'),
      'ah_wrong',
    );
    expect([none.status, wrong.status]).toEqual([401, 401]);
    expect(none.dispatch).toBeNull();
  });

  it("answers Claude Code's PreToolUse with its hook output: the team's guard denies rm -rf", async () => {
    const answer = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('rm -rf /'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'Blocked by the team guard: rm -rf',
      },
    });
    expect(answer.dispatch).toMatch(/^[0-9a-f-]{36}$/);
    const allowed = await post(`${server.url}/hooks/claude-code`, claudePreToolUse('ls'));
    expect(allowed).toMatchObject({ status: 200, json: {} });
  });

  it('runs the function hooks of the program that started the server, for the teams it names', async () => {
    const write = { ...claudePreToolUse(''), tool_name: 'Write', tool_input: { file_path: '/p/.env' } };
    const payments = await post(`${server.url}/hooks/claude-code/PreToolUse`, write);
    expect(payments.json.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(payments.json.hookSpecificOutput.permissionDecisionReason).toContain(
      'Writing .env files is not allowed',
    );
    const web = await post(`${server.url}/hooks/claude-code/PreToolUse`, write, OTHER_TOKEN);
    expect(web.json).toEqual({});
  });

  it("answers Copilot CLI's camelCase preToolUse with flat fields", async () => {
    const answer = await post(
      `${server.url}/hooks/copilot-cli/preToolUse`,
      copilotPreToolUse('rm -rf /tmp/x'),
    );
    expect(answer.status).toBe(200);
    // The team guard exits 2: Copilot CLI denies with the exit code and never shows its stderr
    // (copilot-cli-observed.md "What the host does with the output").
    expect(answer.json).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'hook exited with code 2',
    });
  });

  it('blocks Stop with decision and reason, the way Claude Code reads an http hook', async () => {
    const answer = await post(`${server.url}/hooks/claude-code/Stop`, {
      session_id: 'stop-session',
      hook_event_name: 'Stop',
      stop_hook_active: false,
    });
    expect(answer.json).toEqual({ decision: 'block', reason: 'run the tests first' });
  });

  it("keeps each team's Stop loop count to itself when one session calls two teams", async () => {
    // One Claude Code session can call two teams (managed settings for the organisation, the
    // project's settings for its repository). Each Stop runs both; each team's guard blocks.
    // Claude Code overrides the 9th block in a row (claude-code-hooks.md §2.18), per team here:
    // one team's blocks must not spend the other's count.
    const stop = (turn: number) => ({
      session_id: 'two-teams',
      hook_event_name: 'Stop',
      stop_hook_active: turn > 0,
    });
    const answers: unknown[] = [];
    for (let turn = 0; turn < STOP_BLOCK_CAP; turn++) {
      answers.push((await post(`${server.url}/hooks/claude-code/Stop`, stop(turn))).json);
      answers.push((await post(`${server.url}/hooks/claude-code/Stop`, stop(turn), OTHER_TOKEN)).json);
    }
    const block = { decision: 'block', reason: 'run the tests first' };
    expect(answers).toEqual(Array.from({ length: 2 * STOP_BLOCK_CAP }, () => block));
    const past = await post(`${server.url}/hooks/claude-code/Stop`, stop(STOP_BLOCK_CAP));
    expect(past.json).not.toEqual(block);
  });

  it('answers 504 before the host times out when the hooks are slower, and records why', async () => {
    const started = Date.now();
    const answer = await post(
      `${server.url}/hooks/claude-code/PreToolUse?timeout=1`,
      claudePreToolUse('sleep-please'),
    );
    expect(answer.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(answer.text).toMatch(/did not finish within 900 ms/);
  });

  it('refuses oversized bodies (413) and answers 400 to what is not a hook input', async () => {
    const big = await post(`${server.url}/hooks/claude-code/PreToolUse`, {
      ...claudePreToolUse('x'),
      pad: 'x'.repeat(5000),
    });
    expect(big.status).toBe(413);
    const garbage = await post(`${server.url}/hooks/claude-code/PreToolUse`, '{not json');
    expect(garbage.status).toBe(400);
    const unknown = await post(`${server.url}/hooks/claude-code/NoSuchEvent`, {});
    expect(unknown.status).toBe(400);
    const host = await post(`${server.url}/hooks/vscode/PreToolUse`, {});
    expect(host.status).toBe(404);
  });

  it('answers 400 to an event name that is not valid percent-encoding, and keeps serving', async () => {
    const bad = await post(`${server.url}/hooks/claude-code/Pre%E0ToolUse`, claudePreToolUse('ls'));
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/Pre%E0ToolUse/);
    const next = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
    expect(next.status).toBe(200);
  });

  it('shows dispatches, decisions and hook outcomes in /metrics', async () => {
    const response = await fetch(`${server.url}/metrics`);
    const text = await response.text();
    expect(text).toMatch(
      /agent_hooks_dispatches_total\{team="payments",host="claude-code",event="PreToolUse",decision="deny"\} \d+/,
    );
    expect(text).toMatch(
      /agent_hooks_hook_runs_total\{team="payments",type="command",outcome="blocking"\} \d+/,
    );
    expect(text).toMatch(/agent_hooks_requests_total\{host="claude-code",status="401"\} 2/);
    expect(text).toContain('agent_hooks_dispatch_duration_seconds_bucket{host="claude-code",le="+Inf"}');
  });

  it('has every dispatch in the audit after close, with team, session, decision and input', async () => {
    await server.close();
    const store = await openAuditStore(config.database);
    try {
      const rows = await searchDispatches(store.db, { limit: 1000, ascending: true });
      const deny = rows.find(
        (row) => row.decision === 'deny' && row.tool === 'Bash' && row.host === 'claude-code',
      );
      expect(deny).toMatchObject({
        team: 'payments',
        session_id: 'session-1',
        event: 'PreToolUse',
        status: 'ok',
      });
      expect(JSON.parse(deny!.input!)).toMatchObject({ tool_input: { command: 'rm -rf /' } });
      expect(JSON.parse(deny!.hooks)[0]).toMatchObject({ type: 'command', outcome: 'blocking' });
      expect(rows.find((row) => row.team === 'web')?.input).toBeNull();
      expect(rows.some((row) => row.status === 'deadline' && row.reason?.includes('did not finish'))).toBe(
        true,
      );
      // '{not json', NoSuchEvent and Pre%E0ToolUse (the unknown host is refused before any team).
      expect(rows.filter((row) => row.status === 'bad-request')).toHaveLength(3);
      const dispatched = rows.filter((row) => row.status === 'ok');
      expect(dispatched.every((row) => row.config_version?.length === 16)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
