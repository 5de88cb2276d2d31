// Cold CLI start: `agent-hooks run` with one command hook, against `node -e 0` plus a bare spawn
// of the same hook, alternated in one run (DESIGN.md "Performance targets", issue 16 item 4:
// ≤ 1.5×). Runs the published bin (the bundled CLI in dist/bin/).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, bareStart, builtBin } from '../cold-start.ts';
import type { BenchCase } from '../types.ts';

const ROUNDS = 15;
const HOOK = 'cat > /dev/null';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-cold-'));
  mkdirSync(join(dir, '.claude'));
  const settings = { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: HOOK }] }] } };
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify(settings));
  return dir;
}

const cliColdRun: BenchCase = {
  name: 'cli-cold-run',
  unit: 'ms',
  target: 'ratio ≤ 1.5',
  async run() {
    const bin = builtBin();
    const dir = project();
    const args = [bin, 'run', 'SessionStart', '--cwd', dir, '--no-user', '--json'];
    return alternate(
      ROUNDS,
      () => {
        const out = spawnSync(process.execPath, args, { input: '' });
        if (out.status !== 0 || !String(out.stdout).includes('"SessionStart"'))
          throw new Error(String(out.stderr));
      },
      () => bareStart(HOOK, '{}\n'),
    );
  },
};

export default cliColdRun;
