import { describe, expect, it } from 'vitest';
import { playDemo } from '../../examples/demo-session.ts';

// The README's first quick-start command: the scripted demo session must keep working.
// `npm run demo` is examples/demo.ts, which only hands standard output to playDemo.
describe('npm run demo (examples/demo-session.ts)', () => {
  it('plays the scripted session and shows each decision', async () => {
    let stdout = '';
    const status = await playDemo((text) => {
      stdout += text;
    });
    expect(status).toBe(0);
    expect(stdout).toMatch(/SessionStart:startup hook success: This is the agent-hooks demo project/);
    expect(stdout).toMatch(/decision allow: read-only command/);
    expect(stdout).toMatch(/decision deny: Blocked by the demo guard: 'rm -rf build' is destructive/);
    expect(stdout).toMatch(/PostToolUse:Write hook additional context: Formatted .*app\.ts/);
    expect(stdout).toMatch(/Stop hook feedback:\n\s+Before stopping, run the tests/);
    expect(stdout).toMatch(/under the copilot-cli profile\n[^▶]*decision deny/);
    expect(stdout).toMatch(/under the vscode profile[\s\S]*decision deny/);
  });
});
