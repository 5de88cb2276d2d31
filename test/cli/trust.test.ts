import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trustCommand } from '../../src/cli/commands/trust.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/guard.sh" }] }
    ]
  }
}
`;

function project() {
  const dir = tempDir('cli-trust');
  writeFile(dir, '.claude/settings.json', SETTINGS);
  writeFile(dir, '.claude/hooks/guard.sh', '#!/bin/sh\nexit 0\n');
  return { dir, trustFile: join(tempDir('cli-trust-store'), 'trust.json') };
}

function options(dir: string, trustFile: string, extra: Record<string, unknown> = {}) {
  return {
    cwd: dir,
    profile: 'claude-code' as const,
    settings: [],
    user: false,
    pluginDir: [],
    json: false,
    show: false,
    revoke: false,
    yes: false,
    trustFile,
    ...extra,
  };
}

function capture(confirm?: (q: string) => Promise<boolean>) {
  const out = { stdout: '', stderr: '' };
  const io = {
    stdout: (t: string) => {
      out.stdout += t;
    },
    stderr: (t: string) => {
      out.stderr += t;
    },
    ...(confirm ? { confirm } : {}),
  };
  return { out, io };
}

describe('agent-hooks trust (in-process)', () => {
  it('--show lists every hook with file:line, event, matcher, command and every script with its hash', async () => {
    const { dir, trustFile } = project();
    const { out, io } = capture();
    expect(await trustCommand(options(dir, trustFile, { show: true }), io)).toBe(0);
    expect(out.stdout).toContain('NOT trusted');
    expect(out.stdout).toContain(
      '.claude/settings.json:4 PreToolUse matcher "Bash" command: "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
    );
    expect(out.stdout).toMatch(/\.claude\/hooks\/guard\.sh sha256:[0-9a-f]{64}/);
  });

  it('a settings file that cannot be read or parsed is named; --show says unknown, --yes approves nothing (issue 13)', async () => {
    const broken = tempDir('cli-trust-broken');
    writeFile(broken, '.claude/settings.json', SETTINGS.slice(0, -3)); // the closing braces are lost
    const unreadable = tempDir('cli-trust-unreadable');
    writeFile(unreadable, '.claude/settings.json/x', ''); // a folder where the file should be
    for (const [dir, code] of [
      [broken, 'CONFIG_INVALID_JSON'],
      [unreadable, 'CONFIG_FILE_UNREADABLE'],
    ] as const) {
      const trustFile = join(tempDir('cli-trust-store'), 'trust.json');
      const shown = capture();
      expect(await trustCommand(options(dir, trustFile, { show: true }), shown.io)).toBe(1);
      expect(shown.out.stdout).toContain('Status: unknown (a configuration file could not be read)');
      expect(shown.out.stdout).not.toContain('defines no hooks');
      expect(shown.out.stderr).toContain(`.claude/settings.json`);
      expect(shown.out.stderr).toContain(`[${code}]`);
      const approved = capture();
      expect(await trustCommand(options(dir, trustFile, { yes: true, json: true }), approved.io)).toBe(1);
      expect(JSON.parse(approved.out.stdout)).toMatchObject({ action: 'unreadable', trusted: false });
      expect(() => readFileSync(trustFile, 'utf8')).toThrow();
    }
  });

  it('without --yes and without a terminal it refuses and exits 1', async () => {
    const { dir, trustFile } = project();
    const { out, io } = capture();
    expect(await trustCommand(options(dir, trustFile), io)).toBe(1);
    expect(out.stderr).toContain('pass --yes');
  });

  it('--yes approves; editing the script makes it untrusted again (--json names it); --revoke forgets', async () => {
    const { dir, trustFile } = project();
    expect(await trustCommand(options(dir, trustFile, { yes: true }), capture().io)).toBe(0);
    const stored = JSON.parse(readFileSync(trustFile, 'utf8'));
    expect(Object.keys(stored.projects)).toHaveLength(1);

    writeFile(dir, '.claude/hooks/guard.sh', '#!/bin/sh\nrm -rf ~\n');
    const { out, io } = capture();
    expect(await trustCommand(options(dir, trustFile, { show: true, json: true }), io)).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json).toMatchObject({
      action: 'show',
      trusted: false,
      changed: ['changed script .claude/hooks/guard.sh'],
    });
    expect(json.hooks).toEqual([
      expect.objectContaining({
        file: '.claude/settings.json',
        line: 4,
        event: 'PreToolUse',
        matcher: 'Bash',
      }),
    ]);
    expect(json.scripts).toEqual([expect.objectContaining({ path: '.claude/hooks/guard.sh', exists: true })]);

    const revoke = capture();
    expect(await trustCommand(options(dir, trustFile, { revoke: true, json: true }), revoke.io)).toBe(0);
    expect(JSON.parse(revoke.out.stdout)).toMatchObject({ action: 'revoked', trusted: false });
    const again = capture();
    expect(await trustCommand(options(dir, trustFile, { revoke: true }), again.io)).toBe(0);
    expect(again.out.stdout).toContain('no approval to revoke');
  });

  it('asks when a person can answer, and records only a yes', async () => {
    const { dir, trustFile } = project();
    const no = capture(async () => false);
    expect(await trustCommand(options(dir, trustFile), no.io)).toBe(1);
    expect(no.out.stdout).toContain('Not approved.');
    const yes = capture(async () => true);
    expect(await trustCommand(options(dir, trustFile), yes.io)).toBe(0);
    const again = capture();
    expect(await trustCommand(options(dir, trustFile), again.io)).toBe(0);
    expect(again.out.stdout).toContain('Already approved');
  });
});

describe('agent-hooks trust (the whole program)', () => {
  it('prints the hooks and exits 1 without a terminal; the store stays untouched', async () => {
    const { dir, trustFile } = project();
    const result = await runCliInProcess(['trust', '--no-user', '--cwd', dir, '--trust-file', trustFile]);
    expect(result.stderr).toContain('pass --yes');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('PreToolUse matcher "Bash"');
    expect(() => readFileSync(trustFile)).toThrow();
  });
});
