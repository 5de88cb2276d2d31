// npm run e2e:claude-code — the real Claude Code CLI, offline, in a loopback-only network
// namespace, against a scripted model. Each scenario prepares a project, lets the model ask for
// `rm -rf` on a victim folder, and checks what the real host did with the hooks' answer.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAUDE_CODE_VERSION, runClaudeCode, toolResults } from './claude-code.ts';
import { installHost } from './install-host.ts';
import { assertCanIsolate, insideNamespace, prepareLoopback, reexecIsolated } from './isolate.ts';
import { SCENARIOS } from './scenarios.ts';

const PACKAGE = '@anthropic-ai/claude-code';

async function main(): Promise<number> {
  if (!insideNamespace()) {
    assertCanIsolate();
    const dir = installHost(PACKAGE, CLAUDE_CODE_VERSION);
    process.env.AGENT_HOOKS_E2E_CLAUDE = join(dir, 'node_modules', '.bin', 'claude');
    return reexecIsolated();
  }
  prepareLoopback();
  const binary = process.env.AGENT_HOOKS_E2E_CLAUDE ?? '';
  const only = process.argv[2];
  let failed = 0;
  for (const scenario of SCENARIOS.filter((s) => !only || s.name === only)) {
    const root = mkdtempSync(join(tmpdir(), 'agent-hooks-e2e-'));
    const projectDir = join(root, 'project');
    const victim = join(root, 'victim');
    mkdirSync(projectDir, { recursive: true });
    mkdirSync(victim);
    writeFileSync(join(victim, 'keep.txt'), 'must survive\n');
    try {
      scenario.prepare(projectDir);
      const run = await runClaudeCode({
        binary,
        projectDir,
        homeDir: join(root, 'home'),
        prompt: 'Clean up the victim folder.',
        turns: [
          [
            {
              type: 'tool_use',
              id: 'toolu_e2e_1',
              name: 'Bash',
              input: { command: `rm -rf ${victim}`, description: 'clean up' },
            },
          ],
        ],
      });
      const results = toolResults(run);
      const problems = scenario.check({ run, results, victimSurvived: existsSync(join(victim, 'keep.txt')) });
      if (problems.length === 0) console.log(`ok   ${scenario.name}`);
      else {
        failed += 1;
        console.log(
          `FAIL ${scenario.name}\n  ${problems.join('\n  ')}\n  tool results: ${JSON.stringify(results)}`,
        );
        if (run.stderr) console.log(`  claude stderr: ${run.stderr.slice(0, 2000)}`);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  console.log(`${SCENARIOS.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
