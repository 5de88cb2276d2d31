import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/cli/write/line-diff.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const COPILOT = `{ "version": 1, "hooks": { "preToolUse": [{ "type": "command", "bash": "./guard.sh", "timeoutSec": 20 }] } }\n`;

/** A team's settings file: other keys, one-line values, 4-space indent — all must survive. */
const SETTINGS = `{
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": { "allow": ["Bash(git *)"] },
    "env": { "A": "1" },
    "model": "opus"
}
`;

function convert(source: string, out: string, ...extra: string[]) {
  return runCliInProcess(['convert', source, '--to', 'claude', '--out', out, '--accept-lossy', ...extra]);
}

// Issue 14, trap 3: `convert --out` must never destroy the file it writes to.
describe('convert --out never destroys a file', () => {
  it('writes nothing when the source has a syntax error', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'broken.json', '{ "version": 1, "hooks": { "preToolUse": [ }');
    const target = writeFile(dir, '.claude/settings.json', SETTINGS);
    const run = await convert(source, target);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not written: the source has errors/);
    expect(readFileSync(target, 'utf8')).toBe(SETTINGS);
  });

  it('merges into existing settings, keeping permissions, env, model, $schema and indent; prints the diff', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    const target = writeFile(dir, '.claude/settings.json', SETTINGS);
    const run = await convert(source, target);
    expect(run.code).toBe(0);
    const after = readFileSync(target, 'utf8');
    expect(after.startsWith(SETTINGS.slice(0, SETTINGS.indexOf('"model"')))).toBe(true);
    expect(after).toContain('    "model": "opus",\n    "hooks": {\n        "PreToolUse": [');
    expect(run.stdout).toContain(`--- ${target}\n+++ ${target}\n@@ -2,5 +2,18 @@`);
    expect(run.stdout).toContain('-    "model": "opus"\n+    "model": "opus",\n+    "hooks": {');
    // Converting again adds nothing: the equal entry is already there.
    const again = await convert(source, target);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/already holds these hooks: nothing changed/);
    expect(readFileSync(target, 'utf8')).toBe(after);
  });

  it('refuses a target its host cannot read, and a result its host could not read', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    // Claude Code reads its settings as strict JSON (dependencies.md): a comment makes it unreadable.
    const commented = SETTINGS.replace('"model"', '// team defaults\n    "model"');
    const target = writeFile(dir, '.claude/settings.json', commented);
    const run = await convert(source, target);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /not writing .*settings\.json: it has errors; fix it, or pass --force .*\n {2}CONFIG_INVALID_JSON at /,
    );
    expect(readFileSync(target, 'utf8')).toBe(commented);
    // Copilot entries merged into Claude settings: a file Claude Code would reject.
    const claude = writeFile(dir, 'other/.claude/settings.json', SETTINGS);
    const mixed = await runCliInProcess([
      'convert',
      source,
      '--to',
      'copilot',
      '--out',
      claude,
      '--accept-lossy',
    ]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toMatch(
      /not writing .*settings\.json: it is a claude-settings file, whose host reads claude hooks, not copilot ones; use --to claude/,
    );
    expect(readFileSync(claude, 'utf8')).toBe(SETTINGS);
  });

  it('adds hooks to a Copilot settings file inline, without the hooks file version and $schema', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    const target = writeFile(dir, '.copilot/settings.json', '{\n  "theme": "dark"\n}\n');
    const run = await runCliInProcess(['convert', source, '--to', 'copilot', '--out', target]);
    expect(run.code).toBe(0);
    const after = JSON.parse(readFileSync(target, 'utf8'));
    expect(Object.keys(after)).toEqual(['theme', 'hooks']);
    expect(after.hooks.preToolUse).toHaveLength(1);
  });

  it('appends to an event list already in the target, keeping its entries', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    const existing = {
      hooks: { PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'lint' }] }] },
    };
    const target = writeFile(dir, 'settings.json', JSON.stringify(existing, null, 2));
    expect((await convert(source, target)).code).toBe(0);
    const merged = JSON.parse(readFileSync(target, 'utf8'));
    expect(merged.hooks.PreToolUse).toHaveLength(2);
    expect(merged.hooks.PreToolUse[0]).toEqual(existing.hooks.PreToolUse[0]);
  });

  it('appends after an existing entry without touching its bytes (a one-line entry stays one line)', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    const entry = '{ "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint" }] }';
    const before = `{\n  "hooks": {\n    "PreToolUse": [\n      ${entry}\n    ]\n  }\n}\n`;
    const target = writeFile(dir, 'settings.json', before);
    const run = await convert(source, target);
    expect(run.code).toBe(0);
    const after = readFileSync(target, 'utf8');
    expect(after.startsWith(`{\n  "hooks": {\n    "PreToolUse": [\n      ${entry},\n      {\n`)).toBe(true);
    // The diff shows the existing entry only gaining its comma, nothing re-indented.
    expect(run.stdout).toContain(`-      ${entry}\n+      ${entry},\n`);
    expect(JSON.parse(after).hooks.PreToolUse).toHaveLength(2);
  });

  it('refuses to merge into a file it cannot parse; --force replaces it', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    const target = writeFile(dir, 'settings.json', '{ "model": "opus", oops }');
    const refused = await convert(source, target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot be merged into because it is not valid JSON .*--force/);
    expect(readFileSync(target, 'utf8')).toBe('{ "model": "opus", oops }');
    const forced = await convert(source, target, '--force');
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8')).hooks.PreToolUse).toHaveLength(1);
    expect(forced.stdout).toContain('-{ "model": "opus", oops }');
  });

  it('refuses a target it cannot read (a directory) with exit 1', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    mkdirSync(join(dir, 'settings.json'));
    const run = await convert(source, join(dir, 'settings.json'));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `agent-hooks: not writing ${join(dir, 'settings.json')}: it is a folder, where a file belongs; move the folder out of the way\n`,
    );
  });

  it('creates a missing target with a diff from /dev/null', async () => {
    const dir = tempDir('convert-out');
    const source = writeFile(dir, 'hooks.json', COPILOT);
    const target = join(dir, 'new', 'settings.json');
    const run = await convert(source, target);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^--- \/dev\/null\n/);
    expect(JSON.parse(readFileSync(target, 'utf8')).hooks.PreToolUse).toHaveLength(1);
  });
});

describe('unifiedDiff', () => {
  it('shows removals before additions with three lines of context', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const after = 'a\nb\nc\nd\nE\nf\ng\nh\n';
    expect(unifiedDiff('f', before, after)).toBe(
      '--- f\n+++ f\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n',
    );
    expect(unifiedDiff('f', before, before)).toBe('');
  });
});
