import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtBinPath, spawnBuiltCli } from '../helpers/cli.ts';

const DEMO = fileURLToPath(new URL('../../examples/demo-project/', import.meta.url));

// The one test that starts the CLI as a real process, through the bin path package.json publishes
// (built by the global setup); every other CLI test runs the same program in process.
describe('the agent-hooks bin (built dist/, a real process)', () => {
  it('is a node script that reads stdin, prints one JSON object and exits 0', async () => {
    expect(readFileSync(builtBinPath(), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    const run = await spawnBuiltCli(
      ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-', '--json'],
      { stdin: input },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/Blocked by the demo guard: 'rm -rf build' is destructive/);
  });
});
