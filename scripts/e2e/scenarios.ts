// What the real host must do in each end-to-end scenario.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClaudeRun } from './claude-code.ts';

export interface ScenarioOutcome {
  run: ClaudeRun;
  results: { tool_use_id: string; content: unknown; is_error?: boolean }[];
  victimSurvived: boolean;
}

export interface Scenario {
  name: string;
  prepare(projectDir: string): void;
  /** Returns the problems found; empty when the host behaved as expected. */
  check(outcome: ScenarioOutcome): string[];
}

function writeSettings(projectDir: string, settings: Record<string, unknown>): void {
  mkdirSync(join(projectDir, '.claude'), { recursive: true });
  writeFileSync(join(projectDir, '.claude', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

const GUARD = 'echo "rm -rf is not allowed here" >&2; exit 2';

/** The built CLI the bridge scenario installs (`npm run build` first). */
const BUILT_BIN = fileURLToPath(new URL('../../dist/bin/agent-hooks.cjs', import.meta.url));

/** A Copilot CLI guard (`.github/hooks`, camelCase payload): denies any rm -rf with a JSON answer. */
const COPILOT_GUARD = {
  version: 1,
  hooks: {
    preToolUse: [
      {
        type: 'command',
        bash: `grep -q 'rm -rf' && echo '{"permissionDecision":"deny","permissionDecisionReason":"copilot guard: no rm -rf"}'; exit 0`,
        timeoutSec: 10,
      },
    ],
  },
};

export const SCENARIOS: Scenario[] = [
  {
    // The harness itself: a native Claude Code guard denies, and the model gets the host's text.
    name: 'native-claude-guard',
    prepare(projectDir) {
      writeSettings(projectDir, {
        permissions: { allow: ['Bash'] },
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] },
      });
    },
    check({ results, victimSurvived }) {
      const problems: string[] = [];
      if (!victimSurvived) problems.push('the victim folder was deleted');
      const expected = `PreToolUse:Bash hook error: [${GUARD}]: rm -rf is not allowed here\n`;
      if (results[0]?.content !== expected) problems.push(`expected tool result ${JSON.stringify(expected)}`);
      return problems;
    },
  },
  {
    // Issue 16: the project's only guard is in Copilot CLI's format; `bridge install --host
    // claude-code` routes Claude Code's events to the bridge, and the real host refuses the call.
    name: 'copilot-guard-through-bridge',
    prepare(projectDir) {
      if (!existsSync(BUILT_BIN)) throw new Error(`${BUILT_BIN} is missing: run npm run build first`);
      writeSettings(projectDir, { permissions: { allow: ['Bash'] } });
      mkdirSync(join(projectDir, '.github', 'hooks'), { recursive: true });
      writeFileSync(
        join(projectDir, '.github', 'hooks', 'guard.json'),
        `${JSON.stringify(COPILOT_GUARD, null, 2)}\n`,
      );
      execFileSync(
        process.execPath,
        [
          BUILT_BIN,
          'bridge',
          'install',
          '--host',
          'claude-code',
          '--cwd',
          projectDir,
          '--command',
          `node ${BUILT_BIN}`,
        ],
        { stdio: 'ignore' },
      );
    },
    check({ results, victimSurvived }) {
      const problems: string[] = [];
      if (!victimSurvived) problems.push('the victim folder was deleted');
      const expected = 'PreToolUse:Bash hook error: copilot guard: no rm -rf';
      if (results[0]?.content !== expected) problems.push(`expected tool result ${JSON.stringify(expected)}`);
      return problems;
    },
  },
];
