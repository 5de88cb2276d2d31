// Seed 004's own example uses bash's `<<<`; Claude Code runs it with `/bin/sh -c`, which on Debian
// is dash: a syntax error, exit 2, and every Write is denied. The engine runs `/bin/sh -c` as the
// host does but says that the shell answered, with the `"shell": "bash"` hint (issue 12 point 10).
import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const SEED_004 = `jq -e '.tool_input.file_path | test("test.*\\\\.ts$")' <<< "$CLAUDE_HOOK_INPUT" && echo 'Must write tests alongside implementation' >&2 && exit 2 || exit 0`;
const WRITE = {
  hook_event_name: 'PreToolUse',
  tool_name: 'Write',
  tool_input: { file_path: 'src/a.ts', content: 'x' },
};

/** Whether /bin/sh is a shell without bash syntax (dash, as on Debian and Ubuntu). */
function shIsDash(): boolean {
  try {
    return readlinkSync('/bin/sh').endsWith('dash');
  } catch {
    return false;
  }
}

async function runWrite(hook: Record<string, unknown>): Promise<Record<string, any>> {
  const root = makeTree(
    {
      '.claude/settings.json': {
        hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', ...hook }] }] },
      },
      'in.json': WRITE,
    },
    'shell-syntax',
  );
  const args = ['run', 'PreToolUse', '--cwd', root, '--input', join(root, 'in.json'), '--no-user', '--json'];
  const { code, stdout, stderr } = await runCliInProcess(args);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

/** The same run under the vscode profile, from a `.github/hooks` file. */
async function runWriteVscode(command: string): Promise<Record<string, any>> {
  const root = makeTree(
    {
      '.github/hooks/guard.json': { hooks: { PreToolUse: [{ type: 'command', command }] } },
      'in.json': WRITE,
    },
    'shell-syntax',
  );
  const args = ['run', 'PreToolUse', '--profile', 'vscode', '--cwd', root, '--input', join(root, 'in.json')];
  const { code, stdout, stderr } = await runCliInProcess([...args, '--no-user', '--json']);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

const syntaxDiagnostics = (r: Record<string, any>) =>
  r.diagnostics.filter((d: { code: string }) => d.code === 'RUNNER_SHELL_SYNTAX_ERROR');

describe
  .runIf(process.platform !== 'win32' && shIsDash())
  .concurrent('a /bin/sh syntax error (claude-code-observed.md: /bin/sh -c)', () => {
    it("seed 004's `<<<` under dash: still a deny as in the host, reported as the shell's syntax error with the bash hint", async () => {
      const r = await runWrite({ command: SEED_004 });
      expect(r.decision).toBe('deny');
      const [diagnostic] = syntaxDiagnostics(r);
      expect(diagnostic.message).toMatch(/\/bin\/sh cannot parse the command \(.*Syntax error.*\)/);
      expect(diagnostic.message).toContain('"shell": "bash"');
      expect(diagnostic.file).toMatch(/settings\.json$/);
      expect(r.hooks[0].warnings.join('\n')).toContain('exit 2 came from the shell');
    });

    it('a bash-only word the shell does not find (`[[`), then exit 2, is reported the same way', async () => {
      const r = await runWrite({ command: 'cat >/dev/null; [[ -n x ]] && exit 0; exit 2' });
      expect(r.decision).toBe('deny');
      expect(syntaxDiagnostics(r)[0].message).toContain('does not know the bash word `[[`');
    });

    it('under vscode (no "shell" key, other-agents-hooks.md §2.5) the hint says to run bash from the command', async () => {
      const r = await runWriteVscode('cat >/dev/null; [[ -n x ]] && exit 0; exit 2');
      expect(r.decision).toBe('deny');
      const [diagnostic] = syntaxDiagnostics(r);
      expect(diagnostic.message).toContain('does not know the bash word `[[`');
      expect(diagnostic.message).toContain('VS Code has no "shell" key: run bash yourself (`bash -c …`');
      expect(diagnostic.message).not.toContain('"shell": "bash"');
    });

    it('with "shell": "bash" the same command runs and there is nothing to report', async () => {
      const r = await runWrite({ command: SEED_004, shell: 'bash' });
      expect(syntaxDiagnostics(r)).toEqual([]);
    });

    it('a hook that exits 2 on a line before the one the shell cannot parse answered itself', async () => {
      // dash parses `-c` text a line at a time: `exit 2` runs before line 2 is read, so `sh -n`
      // fails on the command although the shell never complained during the run.
      const r = await runWrite({ command: 'cat >/dev/null; echo no tests >&2; exit 2\nif then' });
      expect(r.decision).toBe('deny');
      expect(r.reason).toContain('no tests');
      expect(syntaxDiagnostics(r)).toEqual([]);
    });

    it("a hook's own exit 2 is no syntax error", async () => {
      const r = await runWrite({ command: 'cat >/dev/null; echo no >&2; exit 2' });
      expect(r.decision).toBe('deny');
      expect(syntaxDiagnostics(r)).toEqual([]);
    });
  });
