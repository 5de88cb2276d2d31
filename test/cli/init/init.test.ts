import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../src/cli/init/templates.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { REPO_ROOT } from '../../helpers/paths.ts';
import { makeTree, tempDir } from '../../helpers/temp-dir.ts';

const NPM_TIMEOUT_MS = 60_000;

describe('agent-hooks init', () => {
  it('--list names every template with the hosts it supports', async () => {
    const run = await runCliInProcess(['init', '--list']);
    expect(run.code).toBe(0);
    for (const template of TEMPLATES) expect(run.stdout).toContain(template.name);
    expect(run.stdout).toMatch(/notify-permission .*\n +hosts: claude-code, copilot-cli\n/);
  });

  it('needs --template when it cannot ask', async () => {
    const run = await runCliInProcess(['init', '--cwd', tempDir('init-none'), '--yes']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/init needs --template NAME when it cannot ask/);
  });

  it('detects Copilot CLI from .github/hooks and says so', async () => {
    const project = makeTree({ '.github/hooks/audit.json': { version: 1, hooks: {} } });
    const run = await runCliInProcess(['init', '--cwd', project, '--template', 'session-context', '--yes']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /host copilot-cli: the project has Copilot hook files in \.github\/ \(choose another with --host\)/,
    );
    const written = JSON.parse(readFileSync(join(project, '.github/hooks/session-context.json'), 'utf8'));
    expect(written.hooks.sessionStart[0].bash).toBe('node .github/hooks/scripts/session-context.mjs');
  });

  it('a second init changes nothing; a changed script is kept unless --force', async () => {
    const project = tempDir('init-again');
    const args = [
      'init',
      '--cwd',
      project,
      '--host',
      'claude-code',
      '--template',
      'block-dangerous',
      '--yes',
    ];
    expect((await runCliInProcess(args)).code).toBe(0);
    const again = await runCliInProcess(args);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('the hooks are already there, nothing changes');
    expect(again.stdout).toContain('.claude/hooks/block-dangerous.mjs (already there, unchanged');
    const script = join(project, '.claude/hooks/block-dangerous.mjs');
    writeFileSync(script, '// my own changes\n');
    const kept = await runCliInProcess(args);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toMatch(/INIT_FILE_EXISTS: .*block-dangerous\.mjs already exists with other content/);
    expect(readFileSync(script, 'utf8')).toBe('// my own changes\n');
    const forced = await runCliInProcess([...args, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(script, 'utf8')).toContain('block-dangerous');
  });

  it('--scope user writes under the home directory with absolute script paths (claude-code-hooks.md §6.1)', async () => {
    const home = tempDir('init-home');
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const run = await runCliInProcess([
        'init',
        '--cwd',
        tempDir('init-user'),
        '--host',
        'claude-code',
        '--scope',
        'user',
        '--template',
        'log-tool-calls',
        '--yes',
      ]);
      expect(run.code).toBe(0);
    } finally {
      process.env.HOME = saved;
    }
    const settings = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8'));
    const script = join(home, '.claude/hooks/log-tool-calls.mjs');
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe(`node ${script}`);
    expect(readFileSync(join(home, '.claude/hooks/log-tool-calls.hooks.test.yaml'), 'utf8')).toMatch(
      /^user: true/m,
    );
  });

  it('VS Code has no local file of its own: refused with what to do instead', async () => {
    const project = tempDir('init-vscode-local');
    const run = await runCliInProcess([
      'init',
      '--cwd',
      project,
      '--host',
      'vscode',
      '--scope',
      'local',
      '--template',
      'block-dangerous',
      '--yes',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /VS Code has no local hook file of its own .* use --scope project, or name a file with --to/,
    );
    expect(existsSync(join(project, '.github'))).toBe(false);
  });

  it('the package ships every template script and scenario file that init reads at run time', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: REPO_ROOT,
      timeout: NPM_TIMEOUT_MS,
    });
    const files = (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
    for (const template of TEMPLATES) {
      expect(files).toContain(`examples/templates/${template.name}.mjs`);
      expect(files).toContain(`examples/templates/${template.name}.hooks.test.yaml`);
    }
  });
});
