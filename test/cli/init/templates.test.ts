import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../src/cli/init/templates.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { readJsonLines } from '../../helpers/json-lines.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

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
