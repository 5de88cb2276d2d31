import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify, parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/model/profile-name.ts';
import { builtBinPath, runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree, tempDir, writeFile } from '../helpers/temp-dir.ts';
import { denyStdout, hostCall } from './guards.ts';

const BIN = `node ${builtBinPath()}`;
const DEMO_GUARD_REASON = "Blocked by the demo guard: 'rm -rf /' is destructive. Ask the user first.";

function json(file: string): Record<string, Record<string, unknown[]>> {
  // jsonc: the settings files keep their comments.
  return parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown[]>>;
}

/** The PreToolUse command `bridge install` wrote into `host`'s file. */
function installedCommand(dir: string, host: ProfileName): string {
  if (host === 'claude-code') {
    const groups = json(join(dir, '.claude/settings.json')).hooks?.PreToolUse as {
      hooks: { command: string }[];
    }[];
    return String(groups.at(-1)?.hooks[0]?.command);
  }
  if (host === 'vscode') {
    const entries = json(join(dir, '.vscode/hooks/agent-hooks.json')).hooks?.PreToolUse as {
      command: string;
    }[];
    return String(entries[0]?.command);
  }
  const entries = json(join(dir, '.github/hooks/agent-hooks.json')).hooks?.preToolUse as { bash: string }[];
  return String(entries[0]?.bash);
}

describe('bridge install / uninstall', () => {
  it('merges into an existing Claude settings file, keeps its keys, is idempotent, and uninstall takes out only its entries', async () => {
    // No comment: Claude Code reads strict JSON (a file with one is refused: bridge-install-safety.test.ts).
    const original =
      '{\n  "permissions": { "allow": ["Bash"] },\n  "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] } ] }\n}\n';
    const project = makeTree({}, 'install');
    const file = writeFile(project, '.claude/settings.json', original);
    const args = ['--host', 'claude-code', '--cwd', project, '--command', 'ah'];
    const first = await runCliInProcess(['bridge', 'install', ...args]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('+++');
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('{\n  "permissions": { "allow": ["Bash"] },\n')).toBe(true);
    expect(text).toContain('"$schema": "https://json.schemastore.org/claude-code-settings.json"');
    const settings = json(file);
    expect(settings.hooks?.PreToolUse).toEqual([
      { matcher: '*', hooks: [{ type: 'command', command: 'ah bridge --host claude-code' }] },
    ]);
    // Events without matchers get none (claude-code-hooks.md §1); the user's own Stop hook stays first.
    expect(settings.hooks?.Stop).toEqual([
      { hooks: [{ type: 'command', command: 'true' }] },
      { hooks: [{ type: 'command', command: 'ah bridge --host claude-code' }] },
    ]);
    expect(settings.hooks).not.toHaveProperty('ErrorOccurred');
    const again = await runCliInProcess(['bridge', 'install', ...args]);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('already bridged, nothing changed');
    expect(readFileSync(file, 'utf8')).toBe(text);
    const removed = await runCliInProcess(['bridge', 'uninstall', ...args]);
    expect(removed.code).toBe(0);
    const after = json(file);
    expect(after.hooks).toEqual({ Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] });
    expect(after.permissions).toEqual({ allow: ['Bash'] });
  });

  it('install then uninstall gives back the merged file byte for byte, but for the $schema install added', async () => {
    const project = makeTree({}, 'roundtrip');
    cpSync(join(REPO_ROOT, 'examples/demo-project/.claude'), join(project, '.claude'), { recursive: true });
    const file = join(project, '.claude/settings.json');
    // The demo's file: user entries in events install adds to, and events it adds whole.
    const original = readFileSync(file, 'utf8');
    const args = ['--host', 'claude-code', '--cwd', project];
    expect((await runCliInProcess(['bridge', 'install', ...args])).code).toBe(0);
    expect((await runCliInProcess(['bridge', 'uninstall', ...args])).code).toBe(0);
    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe(original);
    const withoutSchema = applyEdits(after, modify(after, ['$schema'], undefined, {}));
    expect(withoutSchema).toBe(original);
  });

  it("uninstall takes out an entry between two of the user's, and an event key before others, leaving their lines as they were", async () => {
    const bridge = (command: string) => `{ "hooks": [{ "type": "command", "command": "${command}" }] }`;
    const mine = bridge('true');
    const ours = `{ "hooks": [ { "type": "command", "command": "ah bridge --host claude-code" } ] }`;
    const text = `{\n  "hooks": {\n    "UserPromptSubmit": [\n      ${ours}\n    ],\n    "Stop": [\n      ${mine},\n      ${ours},\n      ${bridge('false')}\n    ]\n  }\n}\n`;
    const project = makeTree({}, 'middle');
    const file = writeFile(project, '.claude/settings.json', text);
    const run = await runCliInProcess([
      'bridge',
      'uninstall',
      '--host',
      'claude-code',
      '--cwd',
      project,
      '--command',
      'ah',
    ]);
    expect(run.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(
      `{\n  "hooks": {\n    "Stop": [\n      ${mine},\n      ${bridge('false')}\n    ]\n  }\n}\n`,
    );
  });

  it('creates the Copilot file with camelCase keys and --event, and uninstall deletes the file it created', async () => {
    const project = tempDir('install');
    const run = await runCliInProcess(['bridge', 'install', '--host', 'copilot-cli', '--cwd', project]);
    expect(run.code).toBe(0);
    const file = join(project, '.github/hooks/agent-hooks.json');
    const config = json(file);
    expect(config.version).toBe(1);
    // The $schema is the published copy of the package's own file (docs/editor.md), as convert writes it.
    expect(config.$schema).toBe('https://unpkg.com/agent-hooks/schema/copilot-hooks.schema.json');
    expect(config.hooks?.preToolUse).toEqual([
      { type: 'command', bash: 'agent-hooks bridge --host copilot-cli --event preToolUse', timeoutSec: 600 },
    ]);
    const validate = await runCliInProcess(['validate', file, '--profile', 'copilot-cli']);
    expect(validate.code).toBe(0);
    await runCliInProcess(['bridge', 'uninstall', '--host', 'copilot-cli', '--cwd', project]);
    expect(existsSync(file)).toBe(false);
    // The folders install made for it go too; the project itself stays.
    expect(existsSync(join(project, '.github'))).toBe(false);
    expect(existsSync(project)).toBe(true);
    // A folder that holds anything else stays.
    writeFile(project, '.github/workflows/ci.yml', 'on: push\n');
    await runCliInProcess(['bridge', 'install', '--host', 'copilot-cli', '--cwd', project]);
    await runCliInProcess(['bridge', 'uninstall', '--host', 'copilot-cli', '--cwd', project]);
    expect(existsSync(join(project, '.github/hooks'))).toBe(false);
    expect(existsSync(join(project, '.github/workflows/ci.yml'))).toBe(true);
  });

  it('puts the VS Code file where only VS Code reads it and names that folder in chat.hookFilesLocations', async () => {
    const original = '{\n  // mine\n  "editor.tabSize": 2\n}\n';
    const project = makeTree({ '.vscode/settings.json': original }, 'install');
    await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', project]);
    expect(json(join(project, '.vscode/hooks/agent-hooks.json')).hooks?.PreToolUse).toEqual([
      { type: 'command', command: 'agent-hooks bridge --host vscode', timeout: 600 },
    ]);
    const settings = json(join(project, '.vscode/settings.json'));
    expect(settings).toMatchObject({
      'editor.tabSize': 2,
      'chat.hookFilesLocations': { '.vscode/hooks': true },
    });
    await runCliInProcess(['bridge', 'uninstall', '--host', 'vscode', '--cwd', project]);
    // The setting install added goes as a whole, and so does the folder it made.
    expect(readFileSync(join(project, '.vscode/settings.json'), 'utf8')).toBe(original);
    expect(existsSync(join(project, '.vscode/hooks'))).toBe(false);
  });

  it('uninstall for VS Code leaves no trace where there was no .vscode, and keeps the locations of others', async () => {
    const bare = makeTree({}, 'vscode-new');
    await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', bare]);
    expect(existsSync(join(bare, '.vscode/settings.json'))).toBe(true);
    await runCliInProcess(['bridge', 'uninstall', '--host', 'vscode', '--cwd', bare]);
    expect(existsSync(join(bare, '.vscode'))).toBe(false);
    const locations = '{\n  "chat.hookFilesLocations": {\n    ".github/hooks": false\n  }\n}\n';
    const shared = makeTree({ '.vscode/settings.json': locations }, 'vscode-shared');
    await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', shared]);
    await runCliInProcess(['bridge', 'uninstall', '--host', 'vscode', '--cwd', shared]);
    expect(readFileSync(join(shared, '.vscode/settings.json'), 'utf8')).toBe(locations);
  });

  it('uninstall keeps the .vscode/hooks location while other hook files in that folder need it', async () => {
    const settings = '{\n  "chat.hookFilesLocations": { ".vscode/hooks": true }\n}\n';
    const project = makeTree(
      { '.vscode/settings.json': settings, '.vscode/hooks/guard.json': { hooks: {} } },
      'install',
    );
    await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', project]);
    const run = await runCliInProcess(['bridge', 'uninstall', '--host', 'vscode', '--cwd', project]);
    expect(run.code).toBe(0);
    expect(existsSync(join(project, '.vscode/hooks/agent-hooks.json'))).toBe(false);
    expect(readFileSync(join(project, '.vscode/settings.json'), 'utf8')).toBe(settings);
    expect(run.stderr).toContain('kept ".vscode/hooks" in chat.hookFilesLocations');
    expect(run.stderr).toContain('guard.json');
  });

  it('refuses to merge into a file that is not JSON, unless --force', async () => {
    const project = makeTree({ '.claude/settings.json': '{ broken' }, 'install');
    const run = await runCliInProcess(['bridge', 'install', '--host', 'claude-code', '--cwd', project]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--force');
    expect(readFileSync(join(project, '.claude/settings.json'), 'utf8')).toBe('{ broken');
  });

  // The Done-when of issue 16: in the demo project, each host's installed command denies the host's
  // recorded rm -rf / payload through a guard written in another dialect, in the host's own format.
  const DEMO: { host: ProfileName; reason: string }[] = [
    // .github/hooks/audit.json (Copilot: its stderr is not shown, copilot-cli-observed.md) and
    // .vscode/hooks/guard.json (VS Code: stderr is the reason); the host runs its own guard itself.
    { host: 'claude-code', reason: `hook exited with code 2\n${DEMO_GUARD_REASON}` },
    // Copilot CLI reads .claude and .github/hooks itself: the VS Code-only .vscode/hooks guard is bridged.
    { host: 'copilot-cli', reason: DEMO_GUARD_REASON },
    // VS Code runs .github/hooks and .vscode/hooks itself: the .claude guard (matcher `Bash`) is
    // bridged, and sees VS Code's run_in_terminal as Bash (src/events/vscode-tool-names.ts).
    { host: 'vscode', reason: DEMO_GUARD_REASON },
  ];
  for (const { host, reason } of DEMO) {
    it(`demo: after install for ${host}, the installed command denies rm -rf / through another dialect's guard`, async () => {
      const project = tempDir('demo');
      cpSync(join(REPO_ROOT, 'examples/demo-project'), project, { recursive: true });
      const install = await runCliInProcess([
        'bridge',
        'install',
        '--host',
        host,
        '--cwd',
        project,
        '--command',
        BIN,
      ]);
      expect(install.code).toBe(0);
      // The installed command line, as the host would run it.
      const args = installedCommand(project, host).split(' ').slice(2);
      const call = hostCall(host, project, 'rm -rf /');
      const run = await runCliInProcess(
        [...args, '--cwd', project, '--no-user', '--state-dir', join(project, '.state')],
        { stdin: call.stdin },
      );
      expect(run).toEqual({ code: 0, stdout: denyStdout(host, reason), stderr: '' });
    });
  }
});
