import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

/** Linux's device on which every write fails with ENOSPC: a disk that fills during the run. */
const FULL_DEVICE = '/dev/full';
const CALL = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });

/** A project whose one PreToolUse hook leaves `ran` in the project when it runs. */
function projectWithMarkerHook(): { dir: string; marker: string } {
  const dir = tempDir('run-trace');
  const hook = { type: 'command', command: `touch ${JSON.stringify(join(dir, 'ran'))}` };
  writeFile(dir, '.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: [{ hooks: [hook] }] } }));
  return { dir, marker: join(dir, 'ran') };
}

function runWithTrace(dir: string, trace: string, json: boolean) {
  const args = ['run', 'PreToolUse', '--cwd', dir, '--no-user', '--input', CALL, '--trace', trace];
  return spawnBuiltCli(json ? [...args, '--json'] : args);
}

describe('run --trace FILE (the built CLI)', () => {
  it("appends: a second run adds its events after the first run's, which stay", async () => {
    const { dir } = projectWithMarkerHook();
    const trace = join(dir, 'trace.jsonl');
    expect((await runWithTrace(dir, trace, true)).code).toBe(0);
    const first = readFileSync(trace, 'utf8');
    expect(first).toMatch(/"type":"started"/);
    expect((await runWithTrace(dir, trace, true)).code).toBe(0);
    const both = readFileSync(trace, 'utf8');
    expect(both.startsWith(first)).toBe(true);
    expect(both.length).toBeGreaterThan(first.length);
    expect(both.split('\n').filter((line) => line.includes('"type":"started"'))).toHaveLength(2);
  });
});

describe('run --trace FILE that cannot be written (the built CLI)', () => {
  it('refuses before any hook runs: one failure document, CLI_TRACE_UNWRITABLE, exit 1', async () => {
    const { dir, marker } = projectWithMarkerHook();
    const trace = join(dir, 'no-such-folder', 'trace.jsonl');
    const run = await runWithTrace(dir, trace, true);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document.error).toEqual({
      code: 'CLI_TRACE_UNWRITABLE',
      message: expect.stringMatching(
        /--trace .*trace\.jsonl cannot be opened for writing \(ENOENT.*no hook ran/,
      ),
    });
    expect(document.diagnostics).toEqual([expect.objectContaining({ code: 'CLI_TRACE_UNWRITABLE' })]);
    expect(document).not.toHaveProperty('decision');
    expect(run.stderr).toMatch(/^agent-hooks: --trace .* cannot be opened for writing/);
    expect(existsSync(marker)).toBe(false);
  });

  it.skipIf(!existsSync(FULL_DEVICE))(
    'a write that fails during the run is a diagnostic of the result, said once, exit 1',
    async () => {
      const { dir, marker } = projectWithMarkerHook();
      const run = await runWithTrace(dir, FULL_DEVICE, true);
      expect(run.code).toBe(1);
      expect(existsSync(marker)).toBe(true);
      const result = JSON.parse(run.stdout);
      expect(result).not.toHaveProperty('error');
      expect(result.diagnostics).toContainEqual({
        severity: 'error',
        code: 'CLI_TRACE_UNWRITABLE',
        message: expect.stringMatching(
          /--trace \/dev\/full: a write failed \(ENOSPC.*the trace is incomplete/,
        ),
      });
      // Said in the result, not again after it on stderr.
      expect(run.stderr).toBe('');
      const human = await runWithTrace(dir, FULL_DEVICE, false);
      expect(human.code).toBe(1);
      expect(human.stdout).toMatch(/error CLI_TRACE_UNWRITABLE --trace \/dev\/full: a write failed/);
    },
  );
});
