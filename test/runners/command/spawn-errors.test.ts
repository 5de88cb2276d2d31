import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../../src/runners/command/process.ts';
import { runCommandHandler } from '../../../src/runners/command/run-command-handler.ts';
import { copilotEngineIn, engineWithClaudeHooks } from '../../helpers/engine.ts';
import { makeTree, tempDir } from '../../helpers/temp-dir.ts';
import { commandRequest } from './helpers.ts';

const dir = tempDir('spawn-errors');
writeFileSync(join(dir, 'not-exec.sh'), '#!/bin/sh\necho hi\n');
chmodSync(join(dir, 'not-exec.sh'), 0o644);
writeFileSync(join(dir, 'bad-interp.sh'), '#!/nonexistent/interpreter\necho hi\n');
chmodSync(join(dir, 'bad-interp.sh'), 0o755);
writeFileSync(join(dir, 'exits-127.sh'), '#!/bin/sh\necho "inner: not found" >&2\nexit 127\n');
chmodSync(join(dir, 'exits-127.sh'), 0o755);
// dash names the script in its own errors: `./inner-missing.sh: 2: no-such-tool-xyz: not found`.
writeFileSync(join(dir, 'inner-missing.sh'), '#!/bin/sh\nno-such-tool-xyz --check\n');
chmodSync(join(dir, 'inner-missing.sh'), 0o755);
writeFileSync(join(dir, 'env-interp.sh'), '#!/usr/bin/env no-such-interpreter-xyz\necho hi\n');
chmodSync(join(dir, 'env-interp.sh'), 0o755);

const run = (spec: Parameters<typeof commandRequest>[0]) =>
  runCommandHandler(commandRequest(spec, { projectDir: dir }));

describe('spawn failures are their own outcome (never exit 127 or 2)', () => {
  it.each([
    [
      'exec form, missing script',
      { command: './missing.sh', args: [] },
      'RUNNER_COMMAND_NOT_FOUND',
      './missing.sh',
    ],
    [
      'shell form, missing script',
      { command: './missing.sh --flag' },
      'RUNNER_COMMAND_NOT_FOUND',
      './missing.sh',
    ],
    [
      'exec form, program not on PATH',
      { command: 'no-such-program-xyz', args: ['a'] },
      'RUNNER_COMMAND_NOT_FOUND',
      'PATH',
    ],
    [
      'shell form, program not on PATH',
      { command: 'no-such-program-xyz arg' },
      'RUNNER_COMMAND_NOT_FOUND',
      'PATH',
    ],
    [
      'exec form, not executable',
      { command: './not-exec.sh', args: [] },
      'RUNNER_NOT_EXECUTABLE',
      'chmod +x',
    ],
    ['shell form, not executable', { command: './not-exec.sh' }, 'RUNNER_NOT_EXECUTABLE', 'chmod +x'],
    [
      'exec form, missing #! interpreter',
      { command: './bad-interp.sh', args: [] },
      'RUNNER_INTERPRETER_NOT_FOUND',
      '#!',
    ],
    [
      'shell form, missing #! interpreter',
      { command: './bad-interp.sh' },
      'RUNNER_INTERPRETER_NOT_FOUND',
      '#!',
    ],
    [
      'shell form, missing `#!/usr/bin/env` program',
      { command: './env-interp.sh' },
      'RUNNER_INTERPRETER_NOT_FOUND',
      '#!',
    ],
    [
      'missing cwd, shell form',
      { command: 'echo hi', cwd: 'no/such/dir' },
      'RUNNER_MISSING_CWD',
      'no/such/dir',
    ],
    [
      'missing cwd, exec form',
      { command: 'echo', args: ['hi'], cwd: '/no/such/dir' },
      'RUNNER_MISSING_CWD',
      '/no/such/dir',
    ],
    [
      'an environment spawn refuses (a NUL byte in the handler env)',
      { command: 'true', env: { GUARD_MODE: 'strict\u0000' } },
      'RUNNER_SPAWN_FAILED',
      'null bytes',
    ],
  ])('%s', async (_name, spec, code, hint) => {
    const r = await run(spec);
    expect(r.spawnError?.code).toBe(code);
    expect(r.spawnError?.message).toContain(hint);
    expect(r.exitCode).toBeNull();
    // Every spawn failure is also a diagnostic, once: the dispatch result lists diagnostics only.
    expect(r.diagnostics?.filter((d) => d.code === code)).toHaveLength(1);
  });

  it('keeps a script that itself exits 127 as an exit code', async () => {
    const r = await run({ command: './exits-127.sh' });
    expect(r.spawnError).toBeUndefined();
    expect(r.exitCode).toBe(127);
  });

  it('keeps exit 127 from a command inside a script whose stderr names the script (issue 12 point 7)', async () => {
    const r = await run({ command: './inner-missing.sh' });
    expect(r.stderr).toContain('inner-missing.sh');
    expect(r.spawnError).toBeUndefined();
    expect(r.exitCode).toBe(127);
  });

  it('keeps exit 127 of a program found on PATH as its own, whatever it printed', async () => {
    const r = await run({ command: 'sh -c \'echo "sh: not found" >&2; exit 127\'' });
    expect(r.spawnError).toBeUndefined();
    expect(r.exitCode).toBe(127);
  });

  it('keeps a missing command inside a pipeline as the exit code of the hook', async () => {
    const r = await run({ command: 'true && no-such-program-xyz' });
    expect(r.spawnError).toBeUndefined();
    expect(r.exitCode).toBe(127);
  });

  it('reports a missing shell as a missing interpreter', async () => {
    const r = await runProcess({
      file: '/no/such/shell',
      args: ['-c', 'echo hi'],
      shell: 'bash',
      cwd: dir,
      env: process.env,
      input: '',
      timeoutMs: 10_000,
    });
    expect(r.spawnError?.code).toBe('RUNNER_INTERPRETER_NOT_FOUND');
    expect(r.spawnError?.message).toContain('/no/such/shell');
  });

  it('reports a handler with no command for this OS', async () => {
    const r = await runCommandHandler(commandRequest({ powershell: 'Write-Output' }, { dialect: 'copilot' }));
    expect(r.spawnError?.code).toBe('RUNNER_NO_COMMAND');
    expect(r.diagnostics?.map((d) => d.code)).toEqual(['RUNNER_NO_COMMAND']);
  });
});

// A guard that cannot start fails open on Claude Code's PreToolUse: the one place that says why is
// the dispatch result's diagnostics. The exec form and a missing cwd used to leave them empty, while
// the same missing script in shell form was reported there.
describe('spawn failures in the dispatch result', () => {
  const input = { session_id: 's', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't' };
  const dispatchWith = async (hook: Record<string, unknown>) => {
    const engine = await engineWithClaudeHooks(
      { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', ...hook }] }] },
      { projectDir: dir },
    );
    const result = await engine.dispatch('PreToolUse', input);
    await engine.close();
    return result;
  };

  it.each([
    ['exec form, missing script', { command: '/no/such/guard.sh', args: [] }, 'RUNNER_COMMAND_NOT_FOUND'],
    ['shell form, missing script', { command: '/no/such/guard.sh' }, 'RUNNER_COMMAND_NOT_FOUND'],
  ])('%s: the spawn-error run carries its code, once', async (_name, hook, code) => {
    const result = await dispatchWith(hook);
    expect(result.hooks[0]?.outcome).toBe('spawn-error');
    expect(result.diagnostics.map((d) => d.code)).toEqual([code]);
    expect(result.diagnostics[0]?.severity).toBe('error');
  });

  it('a missing cwd (Copilot CLI, which has `cwd`): the run carries RUNNER_MISSING_CWD, once', async () => {
    const project = makeTree({
      '.github/hooks/guard.json': {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'true', cwd: 'no/such/dir' }] },
      },
    });
    const engine = await copilotEngineIn(project);
    const result = await engine.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } });
    await engine.close();
    expect(result.hooks[0]?.outcome).toBe('spawn-error');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['RUNNER_MISSING_CWD']);
  });
});
