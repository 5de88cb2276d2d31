import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { posixShellName } from '../../src/doctor/checks/bash-syntax.ts';
import type { DoctorReport } from '../../src/doctor/run-doctor.ts';
import { ERROR_CODES } from '../../src/errors.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const CORPUS = path.join(REPO_ROOT, 'test/fixtures/doctor');
const DEMO = path.join(REPO_ROOT, 'examples/demo-project');

/** What each broken fixture project must produce: one finding, at this place. */
interface Expectation {
  code: keyof typeof ERROR_CODES;
  file: string;
  line: number;
  column: number;
  pointer: string;
  /** Text the message or fix must contain (the names that would match, the setting to change). */
  mentions?: string;
  /** Extra doctor arguments; `{trustFile}` becomes an empty trust store. */
  args: string[];
}

async function doctor(cwd: string, args: string[]): Promise<{ code: number; report: DoctorReport }> {
  const run = await runCliInProcess([
    'doctor',
    '--cwd',
    cwd,
    '--no-user',
    '--trust-folder',
    '--json',
    ...args,
  ]);
  return { code: run.code, report: JSON.parse(run.stdout) as DoctorReport };
}

const fixtures = readdirSync(CORPUS).filter((name) => !name.startsWith('probe-'));

describe('agent-hooks doctor on the broken-fixture corpus (one project per finding)', () => {
  it.each(fixtures)('%s: the expected code at file:line:column and JSON pointer', async (name) => {
    const dir = path.join(CORPUS, name);
    const expected = JSON.parse(readFileSync(path.join(dir, 'doctor-expect.json'), 'utf8')) as Expectation;
    const trustFile = path.join(tempDir('doctor-trust'), 'trust.json');
    const args = expected.args.map((a) => a.replace('{trustFile}', trustFile));
    const { code, report } = await doctor(dir, args);
    if (expected.code === 'DOCTOR_BASH_ONLY_SYNTAX' && posixShellName() === 'bash') {
      // Where /bin/sh is bash the same command runs fine: nothing to find (claude-code-hooks.md §4.2).
      expect(report.findings).toEqual([]);
      return;
    }
    expect(report.findings.map((f) => f.code)).toEqual([expected.code]);
    const [finding] = report.findings;
    expect(finding).toMatchObject({
      file: path.join(dir, expected.file),
      line: expected.line,
      column: expected.column,
      pointer: expected.pointer,
      severity: ERROR_CODES[expected.code].severity,
    });
    expect(finding?.host).not.toBe('');
    expect(finding?.fix).not.toBe('');
    if (expected.mentions) expect(`${finding?.message} ${finding?.fix}`).toContain(expected.mentions);
    expect(code).toBe(finding?.severity === 'error' ? 1 : 0);
  });
});

describe('agent-hooks doctor on the demo project', () => {
  it('finds nothing, for every host, and exits 0', async () => {
    const { code, report } = await doctor(DEMO, []);
    expect(report.findings).toEqual([]);
    expect(report.profiles).toEqual(['claude-code', 'copilot-cli', 'vscode']);
    expect(report.checked['claude-code']).toBeGreaterThan(0);
    expect(code).toBe(0);
  });

  it('prints each finding with its place, what the host does and the fix', async () => {
    const run = await runCliInProcess([
      'doctor',
      '--cwd',
      path.join(CORPUS, 'matcher-copilot-name'),
      '--no-user',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('.claude/settings.json:5:20 /hooks/PreToolUse/0/matcher');
    expect(run.stdout).toMatch(/error DOCTOR_MATCHER_HOST_NAME .*Claude Code sends "Bash"/);
    expect(run.stdout).toMatch(/host: .*never fires/);
    expect(run.stdout).toContain('fix:  Write the matcher as "Bash"');
    expect(run.stdout).toContain('1 error(s), 0 warning(s)');
  });

  it('names the demo hooks Claude Code never reads when only it is checked', async () => {
    const { code, report } = await doctor(DEMO, ['--profile', 'claude-code']);
    expect(new Set(report.findings.map((f) => f.code))).toEqual(new Set(['DOCTOR_OTHER_HOST_FILE']));
    expect(report.findings.map((f) => path.relative(DEMO, f.file ?? '')).sort()).toEqual([
      '.github/hooks/audit.json',
      '.github/hooks/compat.json',
      '.github/hooks/vscode-format.json',
      '.vscode/hooks/guard.json',
    ]);
    expect(code).toBe(0);
  });
});
