import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotCliLocations } from '../../../src/config/discovery/index.ts';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { commandOf } from '../generation/settings-fixtures.ts';

const TREE = path.resolve(import.meta.dirname, '../../fixtures/trees/copilot-cli');

function load(extra: Partial<Parameters<typeof loadConfig>[0]> = {}) {
  return loadConfig({
    profile: 'copilot-cli',
    cwd: path.join(TREE, 'project'),
    homeDir: path.join(TREE, 'home'),
    copilotPolicyDir: path.join(TREE, 'policy'),
    // Folder trust has its own tests (copilot-trust.test.ts).
    copilotTrustFolder: true,
    env: {},
    ...extra,
  });
}

describe('copilot-cli discovery (other-agents-hooks.md §1.2)', () => {
  it('loads policy, repo hook files, user hook files, repo settings, .claude settings, user settings in order', async () => {
    const gen = await load();
    expect(gen.handlers.map(commandOf)).toEqual([
      'echo policy-pre',
      'echo repo-pre',
      'echo compat-start',
      'echo user-start',
      'echo repo-settings-stop',
      'echo claude-cross',
      'echo user-settings-end',
    ]);
    expect(gen.handlers.map((h) => h.source.scope)).toEqual([
      'policy',
      'project',
      'project',
      'user',
      'project',
      'project',
      'user',
    ]);
  });

  it('per-file disableAllHooks skips only that file, and says so', async () => {
    const gen = await load();
    expect(gen.handlers.some((h) => commandOf(h) === 'echo disabled-file')).toBe(false);
    expect(gen.skipped).toHaveLength(1);
    expect(gen.skipped[0]!.source.file).toMatch(/b-off\.json$/);
    expect(gen.skipped[0]!.why).toMatch(/this file only/);
  });

  it('disableAllHooks in the repo settings.json turns off every non-policy hook', async () => {
    const root = makeTree({
      'p/.github/hooks/a.json': {
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: 'echo repo' }] },
      },
      'p/.github/copilot/settings.json': { disableAllHooks: true },
      'policy/org.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'echo policy' }] } },
      'home/.copilot/hooks/u.json': {
        version: 1,
        hooks: { sessionStart: [{ type: 'command', bash: 'echo user' }] },
      },
    });
    const gen = await loadConfig({
      profile: 'copilot-cli',
      cwd: path.join(root, 'p'),
      homeDir: path.join(root, 'home'),
      copilotPolicyDir: path.join(root, 'policy'),
      env: {},
    });
    expect(gen.handlers.map(commandOf)).toEqual(['echo policy']);
    expect(gen.skipped.map((s) => s.code)).toEqual(['CONFIG_HOOKS_DISABLED', 'CONFIG_HOOKS_DISABLED']);
    expect(gen.policy.disableAllHooks).toBe(true);
  });

  it('$COPILOT_HOME replaces ~/.copilot', async () => {
    const root = makeTree({
      'ch/hooks/x.json': {
        version: 1,
        hooks: { sessionEnd: [{ type: 'command', bash: 'echo from-copilot-home' }] },
      },
    });
    const gen = await load({ env: { COPILOT_HOME: path.join(root, 'ch') } });
    expect(gen.handlers.map(commandOf)).toContain('echo from-copilot-home');
    expect(gen.handlers.map(commandOf)).not.toContain('echo user-start');
    expect(gen.locations.some((l) => l.pattern === '$COPILOT_HOME/hooks/*.json')).toBe(true);
  });

  it('the machine policy folder requires root-owned, non-writable files', async () => {
    const root = makeTree({
      'policy.d/a.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'echo p' }] } },
    });
    await chmod(path.join(root, 'policy.d', 'a.json'), 0o666);
    const specs = copilotCliLocations({
      profile: 'copilot-cli',
      projectDir: path.join(root, 'p'),
      homeDir: path.join(root, 'h'),
      noUser: true,
      settingsFiles: [],
      pluginDirs: [],
      env: {},
      platform: 'linux',
      vscodeSettings: {},
    });
    expect(specs[0]!.requireSecureOwner).toBe(true);
    expect(specs[0]!.disabledReason).toMatch(/--no-user/);
    // Explicit folder: not checked (a test or an embedder chose it).
    const gen = await load({ copilotPolicyDir: path.join(root, 'policy.d') });
    expect(gen.handlers.map(commandOf)[0]).toBe('echo p');
  });
});
