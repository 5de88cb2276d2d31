import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

// Issue 16 item 4: the bin is one bundle (scripts/bundle-cli.mjs) plus chunks beside it, loaded
// only for the command run; it must not reach into the unbundled dist/ modules.
describe('the bundled bin', () => {
  it('requires only its own chunks, packages and node builtins', () => {
    const bin = builtBinPath();
    const dir = dirname(bin);
    for (const file of readdirSync(dir)) {
      // Code lines only: a bundled package keeps its JSDoc, which may name its old files.
      const code = readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/)/.test(line))
        .join('\n');
      const relative = [...code.matchAll(/\b(?:require|import)\(\s*"(\.[^"]*)"\s*\)/g)].map((m) => m[1]);
      for (const target of relative)
        expect(target, `${file} loads ${target}`).toMatch(/^\.\/chunk-[^/]+\.cjs$/);
      // One way in for every chunk: an import() would start Node's ES module loader (scripts/cold-path-script.mjs).
      expect(code, file).not.toMatch(/\bimport\(\s*"\./);
    }
  });

  it('prints the version of package.json two folders up (as from dist/cli/)', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const run = await spawnBuiltCli(['--version']);
    expect(run).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});
