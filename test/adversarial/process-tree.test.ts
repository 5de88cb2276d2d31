// Issue 13 item 9 and issue 12 point 6: a hook's descendants end with it — at its timeout (also
// those that called setsid and left its process group), at cancel and at engine.close() (also the
// background children of a hook that already exited); what cannot be found is reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCommandRunner } from '../../src/index.ts';
import { engineWithClaudeHooks, group } from '../helpers/engine.ts';
import { until } from '../helpers/poll.ts';
import { isAlive } from '../helpers/process.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const dir = tempDir('process-tree');
const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
});

/** The pid a hook wrote, once it is there. */
async function pidFrom(file: string): Promise<number> {
  let pid = 0;
  await until(() => {
    try {
      pid = Number(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
    return pid > 0;
  }, `a pid in ${file}`);
  started.push(pid);
  return pid;
}

const input = { session_id: 's', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };

describe('descendants of a hook', () => {
  it('a timeout kills a descendant that called setsid and left the process group', async () => {
    const pidFile = join(dir, 'setsid.pid');
    const command = `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > ${pidFile}; exec sleep 300`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command, { timeout: 0.5 }, 'Bash') });
    const result = await engine.dispatch('PreToolUse', input);
    expect(result.hooks[0]?.outcome).toBe('timeout');
    const escaped = await pidFrom(pidFile);
    await until(() => !isAlive(escaped), `the setsid descendant ${escaped} to be gone`);
    await engine.close();
  });

  it('engine.close() ends the background children of a hook that already exited', async () => {
    const pidFile = join(dir, 'background.pid');
    const command = `sleep 300 </dev/null >/dev/null 2>&1 & echo $! > ${pidFile}`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command, {}, 'Bash') });
    const result = await engine.dispatch('PreToolUse', input);
    expect(result.hooks[0]?.outcome).toBe('success');
    const child = await pidFrom(pidFile);
    expect(isAlive(child)).toBe(true);
    await engine.close();
    await until(() => !isAlive(child), `the background child ${child} to be gone`);
  });

  it('a descendant that escaped the tree and holds the output is reported', async () => {
    const pidFile = join(dir, 'escaped.pid');
    // setsid + the hook exiting at once: the daemon's parent is gone before anyone can look.
    const command = `setsid sleep 300 & echo $! > ${pidFile}`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command, {}, 'Bash') });
    const result = await engine.dispatch('PreToolUse', input);
    await pidFrom(pidFile);
    expect(result.diagnostics.map((d) => d.code)).toContain('RUNNER_DESCENDANT_ESCAPED');
    await engine.close();
  });

  // A guard that exits 2 at once while a background child keeps writing to its output: the drain
  // after the exit used to start again on every write, until the deadline turned the deny into a
  // timeout (fail-open), or, when the writer had left the tree, until the writer stopped.
  it('a hook that exits 2 while its background child keeps writing denies, and the cut output is said', async () => {
    const pidFile = join(dir, 'writer.pid');
    const command = `(while :; do echo tick; sleep 0.05; done) & echo $! > ${pidFile}; echo "rm is forbidden" >&2; exit 2`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command, { timeout: 3 }, 'Bash') });
    const result = await engine.dispatch('PreToolUse', input);
    const writer = await pidFrom(pidFile);
    expect(result.decision).toBe('deny');
    expect(result.reason).toContain('rm is forbidden');
    expect(result.hooks[0]?.outcome).toBe('blocking');
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toContain('RUNNER_OUTPUT_AFTER_EXIT');
    expect(codes).not.toContain('RUNNER_TIMEOUT');
    // Still in the hook's group: it lingers until the engine closes.
    await engine.close();
    await until(() => !isAlive(writer), `the background writer ${writer} to be gone`);
  });

  it('a hook that exits 2 while a writer that left its tree keeps writing denies, and the escape is reported', async () => {
    const pidFile = join(dir, 'escaped-writer.pid');
    const command = `setsid sh -c 'while :; do echo tick; sleep 0.05; done' & echo $! > ${pidFile}; echo "rm is forbidden" >&2; exit 2`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command, { timeout: 3 }, 'Bash') });
    // Read the pid first, so afterAll ends the writer even when the dispatch never settles.
    const writer = pidFrom(pidFile);
    const result = await engine.dispatch('PreToolUse', input);
    await writer;
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.outcome).toBe('blocking');
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toContain('RUNNER_DESCENDANT_ESCAPED');
    expect(codes).not.toContain('RUNNER_TIMEOUT');
    await engine.close();
  });

  // The hook's exit is the end of its run: a deadline that fell in the drain after the exit (a
  // background child still holding the pipes) killed the group and reported the deny as a timeout.
  it('a hook that exits 2 in time denies, though its background child holds the output past the timeout', async () => {
    // A long drain puts the 2 s deadline inside it for sure: the hook exits at once, the
    // background `sleep 4` closes the pipes 2 s after the deadline.
    // No cast: the engine's runner table is typed per handler type (runner-registry.ts).
    const runner = createCommandRunner({ drainMs: 30_000 });
    const command = 'sleep 4 & echo "rm is forbidden" >&2; exit 2';
    const engine = await engineWithClaudeHooks(
      { PreToolUse: group(command, { timeout: 2 }, 'Bash') },
      { runners: { command: runner } },
    );
    const result = await engine.dispatch('PreToolUse', input);
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.outcome).toBe('blocking');
    expect(result.hooks[0]?.exitCode).toBe(2);
    expect(result.diagnostics.map((d) => d.code)).not.toContain('RUNNER_TIMEOUT');
    await engine.close();
  });

  it('a missing program and an escaped descendant are both reported', async () => {
    const pidFile = join(dir, 'escaped-after-127.pid');
    // The shell's first word is missing (exit 127: a spawn failure); a daemon it left holds the output.
    const command = `/no/such/guard.sh 2>/dev/null || (setsid sleep 300 & echo $! > ${pidFile}); exit 127`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command, {}, 'Bash') });
    const result = await engine.dispatch('PreToolUse', input);
    await pidFrom(pidFile);
    expect(result.hooks[0]?.outcome).toBe('spawn-error');
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toContain('RUNNER_COMMAND_NOT_FOUND');
    expect(codes).toContain('RUNNER_DESCENDANT_ESCAPED');
    await engine.close();
  });
});
