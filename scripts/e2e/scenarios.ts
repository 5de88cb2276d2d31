// What the real host must do in each end-to-end scenario.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
];
