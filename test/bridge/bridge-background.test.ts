import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addToInbox, inboxEntries, inboxFile } from '../../src/bridge/async-inbox.ts';
import { runBridge } from '../../src/bridge/run-bridge.ts';
import { sessionFile } from '../../src/bridge/session-file.ts';
import type { AsyncHookResult } from '../../src/engine/async/async-types.ts';
import { runCliInProcess, spawnBuiltCli } from '../helpers/cli.ts';
import { FIXTURES_DIR } from '../helpers/engine.ts';
import { until } from '../helpers/poll.ts';
import { isAlive } from '../helpers/process.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';

const GATED = join(FIXTURES_DIR, 'async', 'gated-hook.sh');
const SESSION = 'bridge-background';
/** Three bridges and a keeper, each a Node start: on a loaded machine more than the default 20 s. */
const SPAWNS_FOUR_CLIS_MS = 60_000;
const CONTEXT = { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'tests passed' } };

/** A project whose Claude file has one `async` PostToolUse hook, held by a gate until released. */
function asyncProject(): { project: string; gate: string } {
  const gate = tempDir('bridge-gate');
  const command = `sh ${GATED} ${gate} 0 '${JSON.stringify(CONTEXT)}' ''`;
  const hooks = { PostToolUse: [{ hooks: [{ type: 'command', async: true, command }] }] };
  return { project: makeTree({ '.claude/settings.json': { hooks } }, 'bridge-background'), gate };
}

/** VS Code's payloads (other-agents-hooks.md §2.5), which reach the Claude file through the bridge. */
function vscodePayload(project: string, event: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ hook_event_name: event, session_id: SESSION, cwd: project, ...fields });
}

const postToolUse = (project: string) =>
  vscodePayload(project, 'PostToolUse', {
    tool_name: 'run_in_terminal',
    tool_input: { command: 'npm test' },
    tool_response: { output: 'ok' },
  });
/** The command line VS Code runs after `bridge install --host vscode`, with its own state folder. */
const vscodeBridge = (project: string, stateDir: string) => [
  'bridge',
  '--host',
  'vscode',
  '--cwd',
  project,
  '--no-user',
  '--state-dir',
  stateDir,
];
const prompt = (project: string) => vscodePayload(project, 'UserPromptSubmit', { prompt: 'next' });

describe('bridge: background hooks outlive the bridge and reach the next event', () => {
  it(
    'answers at once, the keeper runs the async hook to the end, and the next prompt carries its context once',
    async () => {
      const { project, gate } = asyncProject();
      const stateDir = join(project, '.state');
      const args = vscodeBridge(project, stateDir);
      const first = await spawnBuiltCli(args, { stdin: postToolUse(project) });
      expect(first).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
      // The bridge has exited; its hook still runs, waiting at its gate.
      const pid = Number(
        await until(() => existsSync(join(gate, 'pid')), 'the hook to start').then(() =>
          readFileSync(join(gate, 'pid'), 'utf8').trim(),
        ),
      );
      expect(isAlive(pid)).toBe(true);
      const inbox = inboxFile(sessionFile(stateDir, SESSION));
      expect(existsSync(inbox)).toBe(false);

      writeFileSync(join(gate, 'go'), '');
      await until(() => existsSync(inbox), "the keeper to leave the hook's output");
      const next = await spawnBuiltCli(args, { stdin: prompt(project) });
      expect(JSON.parse(next.stdout)).toEqual({
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'tests passed' },
      });
      expect(existsSync(inbox)).toBe(false);
      expect(await spawnBuiltCli(args, { stdin: prompt(project) })).toEqual({
        code: 0,
        stdout: '{}\n',
        stderr: '',
      });
    },
    SPAWNS_FOUR_CLIS_MS,
  );

  it('without a keeper (the CLI run in-process) says that the background hook ended with the bridge', async () => {
    const { project, gate } = asyncProject();
    const args = vscodeBridge(project, join(project, '.s'));
    const run = await runCliInProcess(args, { stdin: postToolUse(project) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).systemMessage).toMatch(
      /^agent-hooks bridge: background hooks ended with this bridge process, their output unread: sh /,
    );
    expect(run.stderr).toContain('background hooks ended with this bridge process');
    expect(existsSync(join(gate, 'go'))).toBe(false);
  });

  it('without a session id (nowhere to leave the output) runs them in the bridge and says they ended there', async () => {
    const { project } = asyncProject();
    const { session_id: _id, ...anonymous } = JSON.parse(postToolUse(project)) as Record<string, unknown>;
    const args = vscodeBridge(project, join(project, '.s'));
    const run = await spawnBuiltCli(args, { stdin: JSON.stringify(anonymous) });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^agent-hooks bridge: background hooks ended with this bridge process/);
    expect(existsSync(join(project, '.s'))).toBe(false);
  });

  it('says so when the keeper cannot start, instead of losing the hooks without a word', async () => {
    const { project } = asyncProject();
    const run = await runBridge({
      host: 'vscode',
      stdin: postToolUse(project),
      cwd: project,
      noUser: true,
      stateDir: join(project, '.state'),
      handOff: async () => 'spawn EAGAIN',
    });
    expect(run.answer.stderr).toBe(
      'agent-hooks bridge: the background hooks of this event did not start: spawn EAGAIN\n',
    );
  });

  it('delivers under Copilot CLI only on the events whose additionalContext reaches its model (copilot-cli-observed.md)', async () => {
    const project = tempDir('bridge-inbox-copilot');
    const stateDir = join(project, '.state');
    const inbox = inboxFile(sessionFile(stateDir, SESSION));
    await addToInbox(inbox, [{ event: 'PostToolUse', label: 'formatter', text: 'formatted 3 files' }]);
    const call = (event: string) =>
      runBridge({
        host: 'copilot-cli',
        event,
        stdin: JSON.stringify({
          sessionId: SESSION,
          timestamp: 1,
          cwd: project,
          toolName: 'bash',
          toolArgs: '{}',
        }),
        cwd: project,
        noUser: true,
        stateDir,
      });
    expect((await call('preToolUse')).answer.stdout).toBe('{}\n');
    expect(existsSync(inbox)).toBe(true);
    const post = await call('postToolUse');
    expect(JSON.parse(post.answer.stdout)).toEqual({ additionalContext: 'formatted 3 files' });
    expect(existsSync(inbox)).toBe(false);
  });

  it('SessionEnd deletes what no event took', async () => {
    const project = tempDir('bridge-inbox-end');
    const stateDir = join(project, '.state');
    const inbox = inboxFile(sessionFile(stateDir, SESSION));
    await addToInbox(inbox, [{ event: 'PostToolUse', label: 'x', text: 'never read' }]);
    const end = vscodePayload(project, 'SessionEnd', { reason: 'other' });
    const run = await runBridge({ host: 'vscode', stdin: end, cwd: project, noUser: true, stateDir });
    expect(run.answer.exitCode).toBe(0);
    expect(existsSync(inbox)).toBe(false);
  });

  it("a SessionEnd keeper runs its hooks to the end and brings back none of the session's files", async () => {
    const done = join(tempDir('bridge-keeper-end'), 'uploaded');
    const command = `printf '{"systemMessage":"uploaded"}'; touch '${done}'`;
    const hooks = { SessionEnd: [{ hooks: [{ type: 'command', async: true, command }] }] };
    const project = makeTree({ '.claude/settings.json': { hooks } }, 'bridge-keeper-end');
    const stateDir = join(project, '.state');
    const run = await runBridge({
      host: 'vscode',
      stdin: vscodePayload(project, 'SessionEnd', { reason: 'other' }),
      cwd: project,
      noUser: true,
      stateDir,
      backgroundOnly: true,
    });
    expect(run.answer).toEqual({ stdout: '', stderr: '', exitCode: 0 });
    expect(existsSync(done)).toBe(true);
    expect(existsSync(inboxFile(sessionFile(stateDir, SESSION)))).toBe(false);
    expect(existsSync(sessionFile(stateDir, SESSION))).toBe(false);
  });
});

describe('the inbox under parallel keepers', () => {
  it('keeps every entry when keepers of parallel tool calls add at the same time', async () => {
    const inbox = inboxFile(sessionFile(join(tempDir('bridge-inbox-parallel'), '.state'), SESSION));
    const texts = Array.from({ length: 12 }, (_, i) => `result ${i}`);
    await Promise.all(texts.map((text) => addToInbox(inbox, [{ event: 'PostToolUse', label: 'x', text }])));
    const stored = (JSON.parse(readFileSync(inbox, 'utf8')) as { text: string }[]).map((entry) => entry.text);
    expect(stored.sort()).toEqual([...texts].sort());
  });
});

describe('inboxEntries: what a finished background hook leaves for the model', () => {
  const done = (fields: Partial<AsyncHookResult>): AsyncHookResult => ({
    id: '1.0',
    event: 'PostToolUse',
    sessionId: SESSION,
    source: { file: 'settings.json', pointer: '/hooks/PostToolUse/0/hooks/0', scope: 'project' },
    type: 'command',
    label: './check.sh',
    mode: 'async',
    outcome: 'success',
    exitCode: 0,
    signal: null,
    durationMs: 5,
    stdout: '',
    stderr: '',
    output: {},
    additionalContext: null,
    systemMessage: null,
    warnings: [],
    woke: false,
    ...fields,
  });
  const cap = (text: string) => (text.length > 8 ? `${text.slice(0, 8)}…` : text);

  it('takes additionalContext and systemMessage, capped; an asyncRewake exit 2 leaves its wake message', () => {
    const entries = inboxEntries(
      [
        done({ additionalContext: 'short', systemMessage: 'a longer message' }),
        done({ mode: 'asyncRewake', exitCode: 2, outcome: 'blocking', stderr: 'tests fail\n' }),
        done({ mode: 'asyncRewake', exitCode: 2, outcome: 'blocking', stdout: 'from stdout\n' }),
        done({ outcome: 'cancelled', exitCode: null }),
      ],
      cap,
    );
    expect(entries.map((entry) => entry.text)).toEqual(['short', 'a longer…', 'tests fa…', 'from std…']);
  });
});
