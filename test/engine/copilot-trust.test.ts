// Copilot CLI loads repository hooks only in a trusted folder (copilot-cli-observed.md "Running it
// offline"); its trusted folders are the `trustedFolders` of `$COPILOT_HOME/settings.json`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngineOptions } from '../../src/index.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeTree } from '../helpers/temp-dir.ts';

const RECORD = fileURLToPath(new URL('../fixtures/copilot/record-hook.sh', import.meta.url));
const CALL = { toolName: 'bash', toolArgs: { command: 'rm -rf /' } };

/** A project whose `.github/hooks/guard.json` denies every call and records that it ran. */
function guardedProject(): { project: string; log: string } {
  const root = makeTree({}, 'copilot-trust');
  const project = join(root, 'repo');
  const log = join(root, 'ran');
  const guard = {
    version: 1,
    hooks: { preToolUse: [{ type: 'command', bash: `bash ${RECORD} guard ${log} deny` }] },
  };
  writeTree(project, { '.github/hooks/guard.json': guard });
  return { project, log };
}

async function dispatchIn(project: string, options: HookEngineOptions) {
  const engine = await createHookEngine({
    projectDir: project,
    profile: 'copilot-cli',
    copilotPolicyDir: join(project, 'no-policy'),
    env: {},
    ...options,
  });
  try {
    return await engine.dispatch('preToolUse', CALL);
  } finally {
    await engine.close();
  }
}

describe('Copilot CLI folder trust (copilot-cli-observed.md)', () => {
  it('an untrusted folder runs no repository hook and reports each in skipped with the reason', async () => {
    const { project, log } = guardedProject();
    const home = makeTree({ '.copilot/settings.json': { trustedFolders: ['/somewhere/else'] } }, 'home');
    const result = await dispatchIn(project, { homeDir: home });
    expect(existsSync(log)).toBe(false);
    expect(result.decision).toBeNull();
    expect(result.skipped).toEqual([
      expect.objectContaining({
        source: expect.objectContaining({
          file: join(project, '.github/hooks/guard.json'),
          scope: 'project',
        }),
        why: expect.stringMatching(
          /^Copilot CLI loads repository hooks only in a trusted folder, and .* is not in trustedFolders of ~\/\.copilot\/settings\.json/,
        ),
      }),
    ]);
  });

  it('a folder below one in trustedFolders (settings.json, with comments) runs them', async () => {
    const { project, log } = guardedProject();
    const home = makeTree(
      {
        '.copilot/settings.json': `// trusted by the user\n{ "trustedFolders": ["${join(project, '..')}"], }\n`,
      },
      'home',
    );
    const result = await dispatchIn(project, { homeDir: home });
    expect(readFileSync(log, 'utf8')).toBe('guard\n');
    expect(result.decision).toBe('deny');
  });

  it('the former config.json trusted_folders and $COPILOT_HOME count too', async () => {
    const { project } = guardedProject();
    const home = makeTree({ 'elsewhere/config.json': { trusted_folders: [project] } }, 'home');
    const result = await dispatchIn(project, {
      homeDir: home,
      env: { COPILOT_HOME: join(home, 'elsewhere') },
    });
    expect(result.decision).toBe('deny');
  });

  it('COPILOT_ALLOW_ALL=true and copilotTrustFolder trust the folder for the run', async () => {
    const { project } = guardedProject();
    const home = makeTree({}, 'home');
    expect((await dispatchIn(project, { homeDir: home, env: { COPILOT_ALLOW_ALL: 'true' } })).decision).toBe(
      'deny',
    );
    expect((await dispatchIn(project, { homeDir: home, copilotTrustFolder: true })).decision).toBe('deny');
  });

  it('run --no-user reads no trusted folders: skipped unless --trust-folder', async () => {
    const { project } = guardedProject();
    const args = ['run', 'preToolUse', '--profile', 'copilot-cli', '--cwd', project, '--no-user', '--json'];
    const input = ['--input', JSON.stringify(CALL)];
    const untrusted = JSON.parse((await runCliInProcess([...args, ...input])).stdout);
    expect(untrusted.hooks).toEqual([]);
    expect(untrusted.skipped[0].why).toMatch(/--no-user ignores its trusted folders .*pass --trust-folder/);
    const trusted = JSON.parse((await runCliInProcess([...args, '--trust-folder', ...input])).stdout);
    expect(trusted.decision).toBe('deny');
  });
});
