import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runValidate, type ValidateOptions } from '../../src/cli/commands/validate.ts';
import type { CommonOptions } from '../../src/cli/common-options.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const TREES = path.join(REPO, 'test/fixtures/trees');

function opts(cwd: string, extra: Partial<ValidateOptions> = {}): ValidateOptions {
  const common: CommonOptions = {
    cwd,
    profile: 'claude-code',
    settings: [],
    user: false,
    pluginDir: [],
    json: false,
  };
  return { ...common, ...extra };
}

async function run(files: string[], options: Parameters<typeof runValidate>[1]) {
  let out = '';
  const code = await runValidate(files, options, (text) => {
    out += text;
  });
  return { code, out };
}

const BAD_JSON = '{\n  "hooks": {\n    "Stop": [ }\n}\n';
const WARN_ONLY = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo x', timeoutSec: 5 }] }] } };

describe('agent-hooks validate', () => {
  it('exits 0 on a clean discovered tree and prints the JSON shape', async () => {
    const { code, out } = await run([], opts(path.join(TREES, 'claude-code/project'), { json: true }));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ diagnostics: [], errors: 0, warnings: 0 });
  });

  it('exits 1 with a located error for a broken file given on the command line', async () => {
    const root = makeTree({ '.claude/settings.json': BAD_JSON });
    const { code, out } = await run(['.claude/settings.json'], opts(root, { json: true }));
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.errors).toBeGreaterThan(0);
    expect(report.diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'CONFIG_INVALID_JSON',
      file: path.join(root, '.claude/settings.json'),
      line: 3,
    });
    expect(typeof report.diagnostics[0].column).toBe('number');
  });

  it('prints file:line:column severity CODE message lines, relative to --cwd', async () => {
    const root = makeTree({ '.claude/settings.json': WARN_ONLY });
    const { code, out } = await run(['.claude/settings.json'], opts(root));
    expect(code).toBe(0);
    expect(out).toMatch(/^\.claude[\\/]settings\.json:\d+:\d+ warning CONFIG_UNKNOWN_KEY .*timeout/m);
    // Issue 14, trap 8: the warning says how to make it an error.
    expect(out).toMatch(/^1 unknown key\(s\) or event\(s\) are warnings; --strict makes them errors$/m);
    expect(out).toMatch(/0 error\(s\), 1 warning\(s\)/);
  });

  it('--strict turns warnings into errors and exits 1', async () => {
    const root = makeTree({ '.claude/settings.json': WARN_ONLY });
    const { code, out } = await run(['.claude/settings.json'], opts(root, { json: true, strict: true }));
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ errors: 1, warnings: 0 });
  });

  it('validates everything discovered when no file is given (errors from any location count)', async () => {
    const root = makeTree({ '.claude/settings.local.json': BAD_JSON });
    const { code, out } = await run([], opts(root, { json: true }));
    expect(code).toBe(1);
    expect(JSON.parse(out).diagnostics[0].file).toBe(path.join(root, '.claude/settings.local.json'));
  });

  it('guesses the kind from path and content, and --kind overrides it', async () => {
    const copilot = {
      version: 1,
      hooks: { preToolUse: [{ type: 'command', bash: 'echo x', timeoutSec: 5 }] },
    };
    const root = makeTree({ 'hooks/a.json': copilot });
    expect((await run(['hooks/a.json'], opts(root, { json: true }))).code).toBe(0);
    const forced = await run(['hooks/a.json'], opts(root, { json: true, kind: 'claude-settings' }));
    expect(JSON.parse(forced.out).warnings + JSON.parse(forced.out).errors).toBeGreaterThan(0);
  });

  it('with --profile vscode, reads a Claude settings file the way VS Code does (matchers ignored)', async () => {
    const root = makeTree({
      '.claude/settings.json': {
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] },
      },
    });
    const claude = JSON.parse((await run(['.claude/settings.json'], opts(root, { json: true }))).out);
    const vscode = JSON.parse(
      (await run(['.claude/settings.json'], opts(root, { json: true, profile: 'vscode' }))).out,
    );
    expect(claude.diagnostics).toEqual([]);
    expect(vscode.diagnostics.map((d: { code: string }) => d.code)).toContain('CONFIG_UNSUPPORTED_BY_HOST');
  });

  it('reports an unreadable file as an error', async () => {
    const { code, out } = await run(['does-not-exist.json'], opts(REPO, { json: true }));
    expect(code).toBe(1);
    expect(JSON.parse(out).diagnostics[0].code).toBe('CONFIG_FILE_UNREADABLE');
  });

  it('runs as the whole program: exit status 1 and JSON on stdout', async () => {
    const root = makeTree({ 'bad.json': BAD_JSON });
    const run = await runCliInProcess(['validate', '--json', '--no-user', '--cwd', root, 'bad.json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).diagnostics[0].code).toBe('CONFIG_INVALID_JSON');
  });
});

describe('validate messages for people (issue 14 trap 8)', () => {
  it('reports every problem of one handler, each as what the field must be and what it holds', async () => {
    const cwd = makeTree({
      '.claude/settings.json': JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: 5, timeout: '10', async: 'yes' }, { type: 'http' }],
            },
          ],
        },
      }),
      '.github/hooks/guard.json': JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ bash: './g.sh', timeoutSec: 0 }] },
      }),
    });
    const { code, out } = await run(['.claude/settings.json', '.github/hooks/guard.json'], opts(cwd));
    expect(code).toBe(1);
    expect(out).not.toMatch(/Invalid input|received/);
    // claude-code-hooks.md §4.1: timeout is in seconds; all three problems of the first handler.
    expect(out).toContain('error CONFIG_INVALID_FIELD "command" must be a string, got number 5');
    expect(out).toContain('error CONFIG_INVALID_FIELD "timeout" must be a number of seconds, got "10"');
    expect(out).toContain('error CONFIG_INVALID_FIELD "async" must be true or false, got "yes"');
    expect(out).toContain('error CONFIG_INVALID_FIELD "url" is missing; it must be a string');
    // other-agents-hooks.md §1.1: timeoutSec is in seconds and positive.
    expect(out).toContain('error CONFIG_INVALID_FIELD "timeoutSec" must be more than 0, got number 0');
  });
});
