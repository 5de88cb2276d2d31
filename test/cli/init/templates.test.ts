import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../src/cli/init/templates.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { readJsonLines } from '../../helpers/json-lines.ts';
import { tempDir, writeFile } from '../../helpers/temp-dir.ts';

const SCRIPT_DIR = {
  'claude-code': '.claude/hooks',
  'copilot-cli': '.github/hooks/scripts',
  vscode: '.github/hooks/scripts',
};

async function init(projectDir: string, host: string, template: string): Promise<void> {
  const run = await runCliInProcess([
    'init',
    '--cwd',
    projectDir,
    '--host',
    host,
    '--template',
    template,
    '--yes',
  ]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
}

// Each template's scenario file, written by init for each host it supports, run by
// `agent-hooks test` under that host's profile: Claude Code (claude-code-hooks.md §3), Copilot CLI camelCase
// keys (other-agents-hooks.md §1.3) and VS Code (§2.5).
describe.each(TEMPLATES.map((t) => t.name))('template %s', (name) => {
  const template = TEMPLATES.find((t) => t.name === name)!;
  it.each(template.hosts)('passes its scenario file under %s', async (host) => {
    const project = tempDir(`init-${name}`);
    await init(project, host, name);
    const script = join(project, SCRIPT_DIR[host], `${name}.mjs`);
    expect(statSync(script).mode & 0o111).not.toBe(0);
    const scenario = join(project, SCRIPT_DIR[host], `${name}.hooks.test.yaml`);
    const run = await runCliInProcess(['test', scenario, '--reporter', 'json']);
    const report = JSON.parse(run.stdout) as {
      passed: number;
      cases: { name: string; profile: string; passed: boolean; failures: unknown[] }[];
    };
    expect(report.cases.filter((one) => !one.passed)).toEqual([]);
    expect(report.passed).toBeGreaterThan(0);
    expect(new Set(report.cases.map((one) => one.profile))).toEqual(new Set([host]));
    expect(run.code).toBe(0);
  });
});

describe('template effects beyond the decision', () => {
  it('log-tool-calls appends one JSON line per call, in each host dialect', async () => {
    for (const host of ['claude-code', 'copilot-cli', 'vscode']) {
      const project = tempDir('init-log');
      await init(project, host, 'log-tool-calls');
      const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'npm test' } });
      const run = await runCliInProcess([
        'run',
        'PreToolUse',
        '--cwd',
        project,
        '--profile',
        host,
        '--no-user',
        '--trust-folder',
        '--input',
        input,
      ]);
      expect(run.code).toBe(0);
      const lines = readJsonLines(join(project, '.agent-hooks', 'tool-calls.jsonl'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ host, input: { command: 'npm test' } });
    }
  });

  it('notify-permission runs the notifier with the title and the message', async () => {
    const project = tempDir('init-notify');
    await init(project, 'claude-code', 'notify-permission');
    const seen = join(project, 'notified.txt');
    process.env.NOTIFY_COMMAND = `printf '%s|%s' "$1" "$2" > '${seen}'`;
    try {
      const input = JSON.stringify({
        notification_type: 'permission_prompt',
        message: 'Claude needs your permission to use Bash',
        title: 'Permission',
      });
      await runCliInProcess(['run', 'Notification', '--cwd', project, '--no-user', '--input', input]);
    } finally {
      delete process.env.NOTIFY_COMMAND;
    }
    expect(readFileSync(seen, 'utf8')).toBe('Permission|Claude needs your permission to use Bash');
  });

  it('notify-permission is refused under VS Code, which has no Notification event', async () => {
    const project = tempDir('init-notify-vscode');
    const run = await runCliInProcess([
      'init',
      '--cwd',
      project,
      '--host',
      'vscode',
      '--template',
      'notify-permission',
      '--yes',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /INIT_HOST_UNSUPPORTED: the notify-permission template does not work under VS Code/,
    );
    expect(existsSync(join(project, '.github'))).toBe(false);
  });
});

const HOSTS = ['claude-code', 'copilot-cli', 'vscode'] as const;
type HostName = (typeof HOSTS)[number];
const FAILING_TESTS = "echo '2 tests failed'; exit 1";

/** `agent-hooks run EVENT --json` in `project` under `host`'s profile: the engine's dispatch result. */
async function runEvent(project: string, host: HostName, event: string, input: object) {
  const run = await runCliInProcess([
    ...['run', event, '--cwd', project, '--profile', host, '--no-user', '--trust-folder', '--json'],
    ...['--input', JSON.stringify(input)],
  ]);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as {
    decision: string | null;
    reason: string | null;
    additionalContext: string[];
    hooks: { output: Record<string, unknown> | null; warnings: string[] }[];
  };
}

// The engine sends each hook the payload of its dialect: VS Code's carries an ISO timestamp and both
// session_id/hook_event_name and sessionId/hookEventName, Copilot's camelCase one a numeric timestamp,
// Claude Code's none (other-agents-hooks.md §1.3, §2.5). The template must answer in that host's shape.
describe('templates answer each host in the shape it reads, through the engine', () => {
  it.each(HOSTS)('test-before-stop blocks the Stop under %s', async (host) => {
    const project = tempDir('init-stop-shape');
    await init(project, host, 'test-before-stop');
    process.env.TEST_COMMAND = FAILING_TESTS;
    try {
      const result = await runEvent(project, host, 'Stop', { stop_hook_active: false });
      expect(result.decision).toBe('block');
      expect(result.reason).toContain('2 tests failed');
      expect(result.hooks[0]?.warnings).toEqual([]);
      const output = result.hooks[0]?.output ?? {};
      if (host === 'vscode') {
        // other-agents-hooks.md §2.5: VS Code reads the Stop block only inside hookSpecificOutput.
        expect(output.decision).toBeUndefined();
        expect(output.hookSpecificOutput).toMatchObject({ hookEventName: 'Stop', decision: 'block' });
      } else {
        expect(output).toMatchObject({ decision: 'block' });
      }
    } finally {
      delete process.env.TEST_COMMAND;
    }
  });

  it.each(HOSTS)('session-context gives its context under %s', async (host) => {
    const project = tempDir('init-context-shape');
    await init(project, host, 'session-context');
    writeFile(project, '.agent-hooks/context.md', 'Use pnpm, not npm.\n');
    const result = await runEvent(project, host, 'SessionStart', { source: 'startup' });
    expect(result.additionalContext.join('\n')).toContain('Use pnpm, not npm.');
    expect(result.hooks[0]?.warnings).toEqual([]);
    const output = result.hooks[0]?.output ?? {};
    if (host === 'copilot-cli') expect(output.additionalContext).toContain('Use pnpm');
    else expect(output.hookSpecificOutput).toMatchObject({ hookEventName: 'SessionStart' });
  });
});

const TEMPLATE_DIR = new URL('../../../examples/templates/', import.meta.url);
const ISO_TIME = '2026-12-07T10:00:00.000Z';

/** Payloads as each host sends them (other-agents-hooks.md §1.3, §2.5), and the shape expected back. */
const HOST_PAYLOADS: { name: string; payload: object; env?: Record<string, string>; nested: boolean }[] = [
  {
    name: "VS Code's code (snake_case names, ISO timestamp)",
    payload: { timestamp: ISO_TIME, hook_event_name: 'Stop', session_id: 's', transcript_path: '/t' },
    nested: true,
  },
  {
    name: "VS Code's docs (camelCase names, ISO timestamp)",
    payload: { timestamp: ISO_TIME, hookEventName: 'Stop', sessionId: 's', transcript_path: '/t' },
    nested: true,
  },
  {
    name: 'VS Code as the engine sends it (both spellings)',
    payload: {
      timestamp: ISO_TIME,
      hook_event_name: 'Stop',
      session_id: 's',
      transcript_path: '/t',
      sessionId: 's',
      hookEventName: 'Stop',
    },
    nested: true,
  },
  {
    name: 'Copilot CLI camelCase (numeric timestamp)',
    payload: { timestamp: 1_765_100_000_000, sessionId: 's' },
    nested: false,
  },
  {
    name: 'Copilot CLI PascalCase key (COPILOT_CLI=1)',
    payload: { timestamp: ISO_TIME, hook_event_name: 'Stop', session_id: 's' },
    env: { COPILOT_CLI: '1' },
    nested: false,
  },
  {
    name: 'Claude Code (no timestamp)',
    payload: { hook_event_name: 'Stop', session_id: 's', transcript_path: '/t' },
    nested: false,
  },
];

describe('test-before-stop tells the hosts apart by their payloads', () => {
  it.each(HOST_PAYLOADS)('$name', ({ payload, env, nested }) => {
    const script = fileURLToPath(new URL('test-before-stop.mjs', TEMPLATE_DIR));
    const { COPILOT_CLI: _unset, ...inherited } = process.env;
    const run = spawnSync(process.execPath, [script], {
      cwd: tempDir('template-payload'),
      input: JSON.stringify({ ...payload, stop_hook_active: false }),
      env: { ...inherited, TEST_COMMAND: FAILING_TESTS, ...env },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout) as Record<string, unknown>;
    if (nested) {
      expect(answer.decision).toBeUndefined();
      expect(answer.hookSpecificOutput).toMatchObject({ hookEventName: 'Stop', decision: 'block' });
      expect((answer.hookSpecificOutput as { reason: string }).reason).toContain('2 tests failed');
    } else {
      expect(answer).toMatchObject({ decision: 'block' });
      expect(answer.reason).toContain('2 tests failed');
    }
  });
});
