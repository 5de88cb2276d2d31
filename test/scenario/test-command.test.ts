import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

// Issue 15 item 2: `agent-hooks test` runs scenario files against real hook scripts.

/** Denies any command containing "rm -rf" with exit 2 and the reason on stderr (claude-code-hooks.md §3.3). */
const GUARD = `#!/bin/sh
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "guard: rm -rf is dangerous" >&2; exit 2 ;;
esac
echo "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PreToolUse\\",\\"additionalContext\\":\\"checked by \${GUARD_NAME:-guard}\\"}}"
`;

const SETTINGS = {
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/guard.sh' }] },
    ],
  },
};

function project(scenario: string, name = 'hooks.test.yaml'): string {
  const root = makeTree(
    { '.claude/settings.json': SETTINGS, 'guard.sh': GUARD, [name]: scenario },
    'scenario',
  );
  chmodSync(join(root, 'guard.sh'), 0o755);
  return root;
}

const PASSING_AND_FAILING = `# top comment stays
cases:
  - name: denies rm -rf
    event: PreToolUse
    input: { tool_name: Bash, tool_input: { command: "rm -rf /" } }
    expect:
      decision: deny # an inline comment stays
      reason: { contains: "dangerous" }
      exitCodes: { guard.sh: 2 }
  - name: wrongly expects a deny
    event: preToolUse
    input: { tool_name: Bash, tool_input: { command: "ls" } }
    expect:
      decision: deny
      context: { contains: "checked" }
`;

describe('agent-hooks test', () => {
  it('runs the demo project scenario file (examples/demo-project/hooks.test.yaml)', async () => {
    const run = await runCliInProcess(['test', join(REPO_ROOT, 'examples/demo-project')]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('the guard denies rm -rf /');
    expect(run.stdout).toMatch(/8 passed \(1 file\(s\)\)/);
    expect(run.code).toBe(0);
  });

  it('reports a failing expectation with file:line:column and exits 1', async () => {
    const root = project(PASSING_AND_FAILING);
    const run = await runCliInProcess(['test', '--cwd', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✓ denies rm -rf');
    expect(run.stdout).toContain('✗ wrongly expects a deny');
    expect(run.stdout).toContain('at hooks.test.yaml:10:5');
    expect(run.stdout).toContain('expected decision "deny", got decision none');
    expect(run.stdout).toContain('1 passed, 1 failed');
  });

  it('--reporter json, tap and junit', async () => {
    const root = project(PASSING_AND_FAILING);
    const json = await runCliInProcess(['test', root, '--reporter', 'json']);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ passed: 1, failed: 1, broken: 0, files: 1 });
    expect(report.cases[0]).toMatchObject({ name: 'denies rm -rf', passed: true, line: 3, column: 5 });
    expect(report.cases[0].result.hooks[0]).toMatchObject({ exitCode: 2, outcome: 'blocking' });
    expect(report.cases[1].failures).toEqual(['expected decision "deny", got decision none']);
    const tap = await runCliInProcess(['test', root, '--reporter', 'tap']);
    expect(tap.stdout).toMatch(/^TAP version 13\n1\.\.2\nok 1 - .*denies rm -rf\nnot ok 2 - /);
    const junit = await runCliInProcess(['test', root, '--reporter', 'junit']);
    expect(junit.stdout).toContain('<testsuites name="agent-hooks test" tests="2" failures="1" errors="0">');
    expect(junit.stdout).toContain(
      '<failure message="expected decision &quot;deny&quot;, got decision none">',
    );
    expect([json.code, tap.code, junit.code]).toEqual([1, 1, 1]);
  });

  it('an unknown key in expect is an error at its line and column, with a did-you-mean', async () => {
    const root = project(
      'cases:\n  - name: typo\n    event: Stop\n    expect:\n      decison: block\n',
      'typo.hooks.test.yml',
    );
    const run = await runCliInProcess(['test', '--cwd', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'typo.hooks.test.yml:5:7 error SCENARIO_UNKNOWN_KEY unknown key "decison" (case "typo"); did you mean "decision"?',
    );
  });

  it('an unknown event, a tool event without tool_name and bad YAML are located errors', async () => {
    const root = project(
      'cases:\n  - name: a\n    event: PreToolUs\n    expect: { decision: none }\n  - name: b\n    event: PostToolUse\n    expect: { decision: none }\n',
    );
    writeFile(root, 'sub/broken.hooks.test.yaml', 'cases:\n  - name: x\n   event: [\n');
    const run = await runCliInProcess(['test', '--cwd', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /hooks\.test\.yaml:3:12 error SCENARIO_UNKNOWN_EVENT .*did you mean PreToolUse\?/,
    );
    expect(run.stdout).toMatch(
      /hooks\.test\.yaml:6:12 error SCENARIO_MISSING_TOOL case "b": PostToolUse is a tool event/,
    );
    expect(run.stdout).toMatch(
      /sub\/broken\.hooks\.test\.yaml:3:\d+ error SCENARIO_UNREADABLE .* not valid YAML/,
    );
  });

  it('no scenario file is an error', async () => {
    const run = await runCliInProcess(['test', '--cwd', makeTree({ 'a.txt': 'x' })]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('SCENARIO_NO_FILES');
  });

  it('env reaches the hooks; files go into a temporary copy, never into the project', async () => {
    const root = project(`cases:
  - name: env and files
    event: PreToolUse
    sample: PreToolUse:Bash
    env: { GUARD_NAME: scenario-guard }
    files: { "notes/todo.txt": "x" }
    expect:
      context: "checked by scenario-guard"
`);
    const run = await runCliInProcess(['test', '--cwd', root]);
    expect(run.stdout).toContain('1 passed');
    expect(run.code).toBe(0);
    expect(existsSync(join(root, 'notes'))).toBe(false);
  });

  it('cases run in parallel: two hooks that each wait for the other both finish', async () => {
    // Each hook writes its own flag and waits (with a deadline) for the other's: run one after
    // the other, the first would time out.
    const waiter = `#!/bin/sh
touch "$CLAUDE_PROJECT_DIR/$1.flag"
for i in $(seq 1 200); do [ -e "$CLAUDE_PROJECT_DIR/$2.flag" ] && { echo "saw $2"; exit 0; }; sleep 0.05; done
exit 1
`;
    const root = makeTree({
      '.claude/settings.json': {
        hooks: {
          SessionStart: [
            {
              matcher: 'startup',
              hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/wait.sh a b' }],
            },
            { matcher: 'resume', hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/wait.sh b a' }] },
          ],
        },
      },
      'wait.sh': waiter,
      'hooks.test.yaml': `cases:
  - { name: a, event: SessionStart, input: { source: startup }, expect: { context: saw b } }
  - { name: b, event: SessionStart, input: { source: resume }, expect: { context: saw a } }
`,
    });
    chmodSync(join(root, 'wait.sh'), 0o755);
    const run = await runCliInProcess(['test', '--cwd', root, '--jobs', '2']);
    expect(run.stdout).toContain('2 passed');
    expect(run.code).toBe(0);
  });
});

describe('agent-hooks test --update', () => {
  it('YAML: rewrites only the failing expectation, fills a case without one, keeps comments; prints the diff', async () => {
    const scenario = `${PASSING_AND_FAILING}  - name: new case
    event: PreToolUse
    input: { tool_name: Bash, tool_input: { command: "rm -rf /tmp/x" } }
`;
    const root = project(scenario);
    const run = await runCliInProcess(['test', '--cwd', root, '--update']);
    expect(run.code).toBe(0);
    const after = readFileSync(join(root, 'hooks.test.yaml'), 'utf8');
    expect(after).toBe(
      scenario
        .replace('      decision: deny\n      context', '      decision: none\n      context')
        .concat(
          '    expect:\n',
          '      decision: deny\n',
          '      reason: "guard: rm -rf is dangerous"\n',
          '      ran: [guard.sh]\n',
          '      exitCodes: { guard.sh: 2 }\n',
        ),
    );
    expect(run.stdout).toContain(`--- ${join(root, 'hooks.test.yaml')}`);
    expect(run.stdout).toContain('-      decision: deny\n+      decision: none');
    expect(run.stdout).toContain('↻ wrongly expects a deny');
    const again = await runCliInProcess(['test', '--cwd', root]);
    expect(again.stdout).toContain('3 passed');
    expect(again.code).toBe(0);
  });

  it('JSON: the same edits through jsonc, other keys and formatting kept', async () => {
    const scenario = `{
  "$schema": "../schema/scenario.schema.json",
  "cases": [
    {
      "name": "json case",
      "event": "PreToolUse",
      "input": { "tool_name": "Bash", "tool_input": { "command": "ls" } },
      "expect": { "decision": "allow" }
    }
  ]
}
`;
    const root = project(scenario, 'hooks.test.json');
    const failing = await runCliInProcess(['test', '--cwd', root]);
    expect(failing.code).toBe(1);
    const run = await runCliInProcess(['test', '--cwd', root, '--update']);
    expect(run.code).toBe(0);
    const after = readFileSync(join(root, 'hooks.test.json'), 'utf8');
    expect(after).toBe(scenario.replace('"decision": "allow"', '"decision": "none"'));
    expect((await runCliInProcess(['test', '--cwd', root])).code).toBe(0);
  });
  it('says a file with errors was left unchanged, never that every expectation holds', async () => {
    const broken = 'cases:\n  - name: typo\n    event: Stop\n    expect: { decison: none }\n';
    const root = project(broken);
    const run = await runCliInProcess(['test', '--cwd', root, '--update']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('SCENARIO_UNKNOWN_KEY');
    expect(run.stdout).toContain('--update: 1 file(s) with errors left unchanged');
    expect(run.stdout).not.toContain('every expectation already holds');
    expect(readFileSync(join(root, 'hooks.test.yaml'), 'utf8')).toBe(broken);
  });
});

describe('agent-hooks test --sample', () => {
  it('prints the recorded PreToolUse:Bash payload for Claude Code, camelCase for Copilot CLI', async () => {
    const claude = await runCliInProcess(['test', '--sample', 'PreToolUse:Bash', '--cwd', '/srv/app']);
    expect(claude.code).toBe(0);
    expect(JSON.parse(claude.stdout)).toMatchObject({
      cwd: '/srv/app',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo hi > ran-bash.txt; echo hi' },
    });
    const copilot = await runCliInProcess([
      'test',
      '--sample',
      'preToolUse:bash',
      '--profile',
      'copilot-cli',
    ]);
    expect(JSON.parse(copilot.stdout)).toMatchObject({ toolName: 'bash', sessionId: 'sample-session' });
  });

  it('names a bad event, and a tool on an event without tools', async () => {
    const bad = await runCliInProcess(['test', '--sample', 'PreToolUs']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('did you mean PreToolUse?');
    const stop = await runCliInProcess(['test', '--sample', 'Stop:Bash']);
    expect(stop.code).toBe(1);
    expect(stop.stderr).toContain('Stop is not a tool event');
  });
});
