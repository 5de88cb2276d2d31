// Cold CLI start: `agent-hooks run` with one command hook, against `node -e ''` plus a bare spawn
// of the same hook, alternated in one run (DESIGN.md "Performance targets": ≤ 1.5×). Uses the
// built CLI (dist/), building it first when it is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchCase, median } from '../types.ts';

const ROUNDS = 15;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const HOOK = 'cat > /dev/null';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-cold-'));
  mkdirSync(join(dir, '.claude'));
  const settings = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: HOOK }] }] } };
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(settings));
  return dir;
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const cliColdRun: BenchCase = {
  name: 'cli-cold-run',
  unit: 'ms',
  target: 'ratio ≤ 1.5',
  async run() {
    if (!existsSync(CLI))
      execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'ignore' });
    const dir = project();
    const cli: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS + 2; round++) {
      const cliMs = time(() => {
        const out = spawnSync(
          process.execPath,
          [CLI, 'run', 'SessionStart', '--cwd', dir, '--no-user', '--json'],
          {
            input: '',
          },
        );
        if (out.status !== 0 || !String(out.stdout).includes('"SessionStart"'))
          throw new Error(String(out.stderr));
      });
      const bareMs = time(() => {
        spawnSync(process.execPath, ['-e', '']);
        spawnSync('/bin/sh', ['-c', HOOK], { input: '{}\n' });
      });
      if (round >= 2) {
        cli.push(cliMs);
        bare.push(bareMs);
      }
    }
    const value = median(cli);
    const baseline = median(bare);
    return {
      value: Number(value.toFixed(1)),
      baseline: Number(baseline.toFixed(1)),
      ratio: Number((value / baseline).toFixed(3)),
    };
  },
};

export default cliColdRun;
