import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

// The README's first quick-start command: the scripted demo session must keep working.
describe('npm run demo (examples/demo.ts)', () => {
  it('plays the scripted session and shows each decision', async () => {
    const { stdout } = await run(TSX, ['examples/demo.ts'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(stdout).toMatch(/SessionStart:startup hook success: This is the agent-hooks demo project/);
    expect(stdout).toMatch(/decision allow: read-only command/);
    expect(stdout).toMatch(/decision deny: Blocked by the demo guard: 'rm -rf build' is destructive/);
    expect(stdout).toMatch(/PostToolUse:Write hook additional context: Formatted .*app\.ts/);
    expect(stdout).toMatch(/Stop hook feedback:\n\s+Before stopping, run the tests/);
    expect(stdout).toMatch(/under the copilot-cli profile[\s\S]*decision deny/);
    expect(stdout).toMatch(/under the vscode profile[\s\S]*decision deny/);
  }, 60_000);
});
