import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../../src/runners/command/process.ts';
import { runCommandHandler } from '../../../src/runners/command/run-command-handler.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
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
  ])('%s', async (_name, spec, code, hint) => {
    const r = await run(spec);
    expect(r.spawnError?.code).toBe(code);
    expect(r.spawnError?.message).toContain(hint);
    expect(r.exitCode).toBeNull();
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
  });
});
