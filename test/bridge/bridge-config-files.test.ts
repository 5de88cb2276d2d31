// What the bridge does with hook files a model can break: entries that are not regular files,
// symbolic link loops, and files with some bad entries. Each runs the built CLI, as a host does.
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { fifo, releaseFifos } from '../helpers/fifo.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import { guardTree, hostCall } from './guards.ts';

/** A bridge that waits on a named pipe never answers: it is killed after this and fails the test. */
const BRIDGE_DEADLINE_MS = 10_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  releaseFifos();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe.skipIf(process.platform === 'win32')('bridge: hook folder entries that are not hook files', () => {
  it('a named pipe in .github/hooks neither hangs the bridge nor takes the deny of the other files away', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-fifo');
    const pipe = fifo(join(project, '.github/hooks/z.json'));
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(run.stderr).toContain(
      `${pipe}: CONFIG_FILE_UNREADABLE: cannot read ${pipe}: it is a named pipe (FIFO), not a regular file, so it is not read`,
    );
    expect(String(out.systemMessage)).toContain(pipe);
  });

  it('a named pipe for VS Code’s workspace settings does not hang the bridge either', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-fifo');
    mkdirSync(join(project, '.vscode'));
    const pipe = fifo(join(project, '.vscode/settings.json'));
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"permissionDecision":"deny"');
    expect(run.stderr).toContain(`cannot read VS Code settings ${pipe}: it is a named pipe (FIFO)`);
  });

  it('a dangling symbolic link for VS Code’s workspace settings is named, not taken for no settings', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-dangling');
    mkdirSync(join(project, '.vscode'));
    const link = join(project, '.vscode/settings.json');
    symlinkSync('../shared/settings.json', link);
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"permissionDecision":"deny"');
    expect(run.stderr).toContain(
      `cannot read VS Code settings ${link}: it is a symbolic link to "../shared/settings.json", which does not exist`,
    );
  });

  it('`list` names the named pipe and ends', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-fifo');
    const pipe = fifo(join(project, '.github/hooks/z.json'));
    const run = await spawnBuiltCli(
      ['list', '--profile', 'copilot-cli', '--cwd', project, '--no-user', '--json'],
      {
        deadlineMs: BRIDGE_DEADLINE_MS,
      },
    );
    // Exit 1: a configuration file could not be read (README "CLI"), after printing what it found.
    expect(run.code).toBe(1);
    const listed = JSON.parse(run.stdout) as { diagnostics: { code: string; file?: string }[] };
    expect(listed.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'CONFIG_FILE_UNREADABLE', file: pipe }),
    );
  });

  it('a symbolic link loop is reported on its own: the deny of the folder’s other file stands', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-loop');
    const loop = join(project, '.github/hooks/loop.json');
    symlinkSync('loop.json', loop);
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(run.stderr).toContain(`${loop}: CONFIG_FILE_UNREADABLE: cannot read ${loop}: ELOOP`);
    // The folder itself is not the problem.
    expect(run.stderr).not.toContain(`${join(project, '.github/hooks')}: CONFIG_FILE_UNREADABLE`);
  });

  it('with no deny elsewhere, the loop is a crash that names only the looping entry', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-loop');
    const loop = join(project, '.github/hooks/loop.json');
    symlinkSync('loop.json', loop);
    const call = hostCall('claude-code', project, 'ls');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(loop);
    expect(run.stderr).not.toContain(`${join(project, '.github/hooks')}: CONFIG_FILE_UNREADABLE`);
    // Its neighbour ran: the guard recorded the payload.
    expect(existsSync(join(project, '.payloads', 'copilot.json'))).toBe(true);
  });

  it('a dangling symbolic link is named, and the deny of the folder’s other file stands', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-dangling');
    const link = join(project, '.github/hooks/x.json');
    symlinkSync('missing.json', link);
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    const named = `${link}: CONFIG_FILE_UNREADABLE: cannot read ${link}: it is a symbolic link to "missing.json", which does not exist, so it is not read`;
    expect(run.stderr).toContain(named);
    expect(String(out.systemMessage)).toContain(named);
  });

  it('a skill folder that is a link to nothing is named, and the Claude guard’s deny stands', async () => {
    // VS Code does not read Claude's files by default, so the bridge discovers .claude/skills.
    const project = makeTree(guardTree('claude'), 'bridge-dangling');
    const link = join(project, '.claude/skills/shared');
    mkdirSync(join(project, '.claude/skills'));
    symlinkSync('../../vendor/shared', link);
    const call = hostCall('vscode', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    const named = `${link}: CONFIG_FILE_UNREADABLE: cannot read ${link}: it is a symbolic link to "../../vendor/shared", which does not exist, so it is not read`;
    expect(run.stderr).toContain(named);
    expect(String(out.systemMessage)).toContain(named);
  });

  it('with no deny elsewhere, the dangling link is a crash that names only it, and its neighbour ran', async () => {
    const project = makeTree(guardTree('copilot'), 'bridge-dangling');
    const link = join(project, '.github/hooks/x.json');
    symlinkSync('missing.json', link);
    const call = hostCall('claude-code', project, 'ls');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin, deadlineMs: BRIDGE_DEADLINE_MS });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(
      /^agent-hooks bridge: BRIDGE_CONFIG_BROKEN: PreToolUse: broken hook configuration/,
    );
    expect(run.stderr).toContain(`${link}: CONFIG_FILE_UNREADABLE`);
    expect(run.stderr).not.toContain(`${join(project, '.github/hooks')}: CONFIG_FILE_UNREADABLE`);
    expect(existsSync(join(project, '.payloads', 'copilot.json'))).toBe(true);
  });
});

/** A Copilot hooks file: `good` entries of `event`, then one with a `timeoutSec` that is no number. */
function withBadEntry(event: string, good: object[]): Record<string, object> {
  const bad = { type: 'command', bash: 'true', timeoutSec: 'abc' };
  return { '.github/hooks/mixed.json': { version: 1, hooks: { [event]: [...good, bad] } } };
}

const echo = (output: object) => ({ type: 'command', bash: `echo '${JSON.stringify(output)}'` });

describe('bridge: a file with some bad entries', () => {
  const BAD_ENTRY =
    'the entry at /hooks/preToolUse/1 did not load and does not run (the other hooks of this file do)';

  it('says that the bad entry did not run, not the whole file, beside the deny of its healthy entry', async () => {
    const project = makeTree(
      withBadEntry('preToolUse', [echo({ permissionDecision: 'deny', permissionDecisionReason: 'no' })]),
      'bridge-mixed',
    );
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin });
    const file = join(project, '.github/hooks/mixed.json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(run.stderr).toBe(
      `agent-hooks bridge: configuration error, ${BAD_ENTRY}: ${file}:12:23: CONFIG_INVALID_FIELD: "timeoutSec" must be a number of seconds, got "abc"\n`,
    );
  });

  it('keeps what the healthy entries gave on PostToolUse: their additionalContext, with the bad entry named', async () => {
    const project = makeTree(
      {
        '.github/hooks/mixed.json': {
          version: 1,
          hooks: {
            postToolUse: [echo({ additionalContext: 'lint is clean' })],
            preToolUse: [{ type: 'command', bash: 'true', timeoutSec: 'abc' }],
          },
        },
      },
      'bridge-mixed',
    );
    const stdin = JSON.stringify({
      hook_event_name: 'PostToolUse',
      session_id: 's',
      cwd: project,
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: { stdout: '' },
    });
    const args = [
      'bridge',
      '--host',
      'claude-code',
      '--cwd',
      project,
      '--no-user',
      '--state-dir',
      join(project, '.state'),
    ];
    const run = await spawnBuiltCli(args, { stdin });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      hookSpecificOutput?: { additionalContext?: string };
      systemMessage?: string;
    };
    expect(out.hookSpecificOutput?.additionalContext).toBe('lint is clean');
    expect(out.systemMessage).toContain(
      'configuration error, the entry at /hooks/preToolUse/0 did not load and does not run (the other hooks of this file do)',
    );
    expect(run.stderr).toContain('CONFIG_INVALID_FIELD');
  });

  it('does not let an allow of the healthy entries stand: the bad entry may have been the guard, and an allow skips the permission check', async () => {
    const project = makeTree(
      withBadEntry('preToolUse', [echo({ permissionDecision: 'allow' })]),
      'bridge-mixed',
    );
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(
      'BRIDGE_CONFIG_BROKEN: PreToolUse: broken hook configuration; the answer of the hooks that ran is withheld because they allowed the call',
    );
    expect(run.stderr).toContain(BAD_ENTRY);
  });

  it('under Copilot CLI a broken preToolUse entry is still a crash, which Copilot reads as a deny', async () => {
    const project = makeTree(withBadEntry('preToolUse', [echo({ additionalContext: 'x' })]), 'bridge-mixed');
    const call = hostCall('copilot-cli', project, 'ls');
    const run = await spawnBuiltCli([...call.args, '--include-native'], { stdin: call.stdin });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain('withheld because Copilot CLI denies a call whose preToolUse hook fails');
  });

  it('a file none of whose entries loaded is a whole file that did not run', async () => {
    const project = makeTree(withBadEntry('preToolUse', []), 'bridge-mixed');
    const call = hostCall('claude-code', project, 'ls');
    const run = await spawnBuiltCli(call.args, { stdin: call.stdin });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain('broken hook configuration (fix it');
    expect(run.stderr).toContain('no hook of this file loaded, so none runs: ');
  });
});
