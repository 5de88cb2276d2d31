// A Claude Code PreToolUse through `agent-hooks bridge --host claude-code` running one
// Copilot-format hook, end to end as the host sees it (a process started with the payload on
// stdin, its answer read), against `node -e 0` plus the same hook spawned bare with the same
// payload, alternated in one run (issue 16 item 4: ≤ 1.6×). Runs the published bin.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, bareStart, builtBin } from '../cold-start.ts';
import type { BenchCase } from '../types.ts';

const ROUNDS = 15;

/** The project, and the hook: it saves its stdin there, so the bench can see the bridge ran it. */
function project(): { dir: string; hook: string } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-bridge-'));
  const hook = `cat > ${join(dir, 'stdin.json')}`;
  mkdirSync(join(dir, '.github', 'hooks'), { recursive: true });
  const hooks = { version: 1, hooks: { preToolUse: [{ type: 'command', bash: hook, matcher: 'bash' }] } };
  writeFileSync(join(dir, '.github', 'hooks', 'bench.json'), JSON.stringify(hooks));
  return { dir, hook };
}

const bridgeEvent: BenchCase = {
  name: 'bridge-event',
  unit: 'ms',
  target: 'ratio ≤ 1.6',
  async run() {
    const bin = builtBin();
    const { dir, hook } = project();
    const stateDir = mkdtempSync(join(tmpdir(), 'agent-hooks-bridge-state-'));
    const payload = `${JSON.stringify({
      session_id: 'bench',
      transcript_path: join(dir, 'transcript.jsonl'),
      cwd: dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_bench',
    })}\n`;
    const args = [bin, 'bridge', '--host', 'claude-code', '--cwd', dir, '--no-user', '--state-dir', stateDir];
    const bridge = () => {
      const out = spawnSync(process.execPath, args, { input: payload });
      if (out.status !== 0) throw new Error(`bridge exited ${out.status}: ${String(out.stderr)}`);
    };
    bridge();
    // The Copilot hook got Copilot's camelCase payload (other-agents-hooks.md §1.3), not Claude's.
    if (!readFileSync(join(dir, 'stdin.json'), 'utf8').includes('"toolName"'))
      throw new Error('the bridge did not run the Copilot hook');
    return alternate(ROUNDS, bridge, () => bareStart(hook, payload));
  },
};

export default bridgeEvent;
