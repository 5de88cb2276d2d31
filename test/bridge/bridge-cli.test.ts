import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';
import { DIALECTS, denyStdout, type GuardDialect, guardTree, HOSTS, hostCall, isNative } from './guards.ts';

/**
 * The reason each dialect's exit-2 deny carries: Copilot CLI does not show stderr to the model
 * (copilot-cli-observed.md: "Denied by preToolUse hook: hook exited with code 2"), the others do.
 */
function denyReason(dialect: GuardDialect): string {
  return dialect === 'copilot' || dialect === 'copilot-compat'
    ? 'hook exited with code 2'
    : `guard ${dialect}: rm -rf is destructive`;
}

function payloadSeen(project: string, dialect: GuardDialect): Record<string, unknown> | null {
  const file = join(project, '.payloads', `${dialect}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}

/**
 * Each dialect's payload form (claude-code-hooks.md §2; other-agents-hooks.md §1.3, §2.5): Copilot
 * camelCase with its runtime tool name, VS Code with its event-name field, the others snake_case.
 */
function expectPayloadForm(dialect: GuardDialect, seen: Record<string, unknown> | null): void {
  expect(seen).not.toBeNull();
  // Every host's terminal call reaches each dialect under that dialect's host's tool name.
  if (dialect === 'copilot') {
    expect(seen).toMatchObject({ toolName: 'bash', toolArgs: { command: 'rm -rf /' } });
    expect(seen).not.toHaveProperty('hook_event_name');
  } else if (dialect === 'vscode') {
    expect(seen).toMatchObject({
      hook_event_name: 'PreToolUse',
      hookEventName: 'PreToolUse',
      tool_name: 'run_in_terminal',
      tool_input: { command: 'rm -rf /' },
    });
  } else {
    expect(seen).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(seen).not.toHaveProperty('toolArgs');
  }
}

describe('bridge: every dialect guard under every host (cross-product)', () => {
  for (const host of HOSTS) {
    for (const dialect of DIALECTS) {
      const native = isNative(host, dialect);
      it(`${dialect} guard under ${host}${native ? ' (native: with --include-native)' : ''} denies rm -rf`, async () => {
        const project = makeTree(guardTree(dialect), 'bridge');
        const call = hostCall(host, project, 'rm -rf /');
        const run = await runCliInProcess([...call.args, ...(native ? ['--include-native'] : [])], {
          stdin: call.stdin,
        });
        expect(run).toEqual({
          code: 0,
          stdout: denyStdout(host, denyReason(dialect)),
          stderr: '',
        });
        expectPayloadForm(dialect, payloadSeen(project, dialect));
        const harmless = hostCall(host, project, 'ls');
        const allowed = await runCliInProcess([...harmless.args, ...(native ? ['--include-native'] : [])], {
          stdin: harmless.stdin,
        });
        expect(allowed).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
      });
      if (native) {
        it(`${dialect} guard under ${host} is skipped by default: the host runs it itself`, async () => {
          const project = makeTree(guardTree(dialect), 'bridge');
          const call = hostCall(host, project, 'rm -rf /');
          const run = await runCliInProcess(call.args, { stdin: call.stdin });
          expect(run).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
          expect(payloadSeen(project, dialect)).toBeNull();
        });
      }
    }
  }
});

describe("bridge: each hook keeps its own host's semantics", () => {
  it('a crashing Copilot preToolUse guard denies under Claude Code: Copilot fails closed (other-agents-hooks.md §1.5)', async () => {
    const project = makeTree(guardTree('copilot', 'crash'), 'bridge');
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout(
        'claude-code',
        'Denied by preToolUse hook from ".github/hooks/guard.json" (hook errored)',
      ),
      stderr: '',
    });
  });

  it('a crashing Claude guard under VS Code lets the call through: exit 1 is non-blocking in Claude Code (§3.3)', async () => {
    const project = makeTree(guardTree('claude', 'crash'), 'bridge');
    const call = hostCall('vscode', project, 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
    expect(payloadSeen(project, 'claude')).not.toBeNull();
  });

  it('guards of two origins both run and the deny reasons are joined', async () => {
    const project = makeTree({ ...guardTree('claude'), ...guardTree('vscode') }, 'bridge');
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await runCliInProcess([...call.args, '--include-native'], { stdin: call.stdin });
    expect(run.stdout).toBe(
      denyStdout('claude-code', 'guard claude: rm -rf is destructive\nguard vscode: rm -rf is destructive'),
    );
  });

  it('--from reads only the named origins', async () => {
    const project = makeTree({ ...guardTree('claude'), ...guardTree('vscode') }, 'bridge');
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await runCliInProcess([...call.args, '--from', 'claude-code', '--include-native'], {
      stdin: call.stdin,
    });
    expect(run.stdout).toBe(denyStdout('claude-code', 'guard claude: rm -rf is destructive'));
    expect(payloadSeen(project, 'vscode')).toBeNull();
  });
});

describe('bridge: failures are the calling host’s crashed hook (exit 1, reason on stderr)', () => {
  for (const host of HOSTS) {
    it(`bad stdin under ${host}`, async () => {
      const project = makeTree(guardTree('vscode'), 'bridge');
      const run = await runCliInProcess(['bridge', '--host', host, '--cwd', project, '--no-user'], {
        stdin: '{',
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^agent-hooks bridge: BRIDGE_BAD_INPUT: stdin is not JSON .*; no hook ran\n$/,
      );
    });
  }

  it('an empty stdin, a JSON array and an unknown event are refused', async () => {
    const project = makeTree(guardTree('vscode'), 'bridge');
    const args = ['bridge', '--host', 'claude-code', '--cwd', project, '--no-user'];
    const empty = await runCliInProcess(args, { stdin: '' });
    expect(empty).toMatchObject({ code: 1, stdout: '' });
    expect(empty.stderr).toContain('stdin is empty');
    const array = await runCliInProcess(args, { stdin: '[]' });
    expect(array.stderr).toContain('stdin must be one JSON object');
    const unknown = await runCliInProcess(args, { stdin: '{"hook_event_name":"PreToolUze"}' });
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('unknown event "PreToolUze" in the payload');
  });

  it('a Copilot camelCase payload without --event is refused, and --event must agree with the payload', async () => {
    const project = makeTree(guardTree('vscode'), 'bridge');
    const call = hostCall('copilot-cli', project, 'rm -rf /');
    const bare = call.args.filter((arg) => arg !== '--event' && arg !== 'preToolUse');
    const run = await runCliInProcess(bare, { stdin: call.stdin });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain('pass --event <name>');
    const claude = hostCall('claude-code', project, 'rm -rf /');
    const clash = await runCliInProcess([...claude.args, '--event', 'postToolUse'], { stdin: claude.stdin });
    expect(clash.stderr).toContain('--event names PostToolUse but the payload is PreToolUse');
  });

  it('a broken hook file with nothing else deciding is a crash that names the file', async () => {
    const project = makeTree({}, 'bridge');
    const broken = writeFile(project, '.github/hooks/broken.json', '{ "hooks": { "PreToolUse": [ }');
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('BRIDGE_CONFIG_BROKEN: PreToolUse: broken hook configuration');
    expect(run.stderr).toContain(broken);
  });

  it('a broken neighbour does not take a deny away: the deny stands and the error is shown', async () => {
    const project = makeTree(guardTree('vscode'), 'bridge');
    const broken = writeFile(project, '.github/hooks/broken.json', '{ "hooks": { "PreToolUse": [ }');
    const call = hostCall('claude-code', project, 'rm -rf /');
    const run = await runCliInProcess(call.args, { stdin: call.stdin });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(String(out.systemMessage)).toContain(broken);
    expect(run.stderr).toContain(broken);
  });
});
