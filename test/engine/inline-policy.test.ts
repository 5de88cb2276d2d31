// The hook policy keys of an inline source (HookEngineOptions.sources) act as the same keys do in a
// discovered settings file of the same scope: they go into the one merge with the discovered files
// (claude-code-hooks.md §6.1-6.2 under claude-code; other-agents-hooks.md §1.2 under copilot-cli).
// A key the engine cannot honour for a source is a coded warning, in `engine.config` and in every
// dispatch result. Real processes: the fixture answer.sh copies its stdin to a file when it runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult, type HookEngineOptions } from '../../src/index.ts';
import { tempDir, writeTree } from '../helpers/temp-dir.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

/** A Claude settings object holding one Stop hook that writes `done` when it runs. */
function stopSettings(done: string, policy: Record<string, unknown> = {}): Record<string, unknown> {
  const hook = { type: 'command', command: `sh '${ANSWER}' '' '' 0 '${done}'` };
  return { ...policy, hooks: { Stop: [{ hooks: [hook] }] } };
}

async function dispatchStop(options: HookEngineOptions) {
  const engine = await createHookEngine({ noUser: true, env: {}, ...options });
  try {
    const result = await engine.dispatch('Stop', { stop_hook_active: false });
    return { result, notes: engine.config.diagnostics };
  } finally {
    await engine.close();
  }
}

const whys = (result: DispatchResult) => result.skipped.map((s) => `${s.source.file} ${s.why}`);
const codes = (notes: readonly { code: string; file?: string }[]) => notes.map((d) => `${d.code} ${d.file}`);

/** Copilot CLI in a trusted project folder, with no organisation policy. */
function copilotOptions(dir: string, project: string) {
  return {
    profile: 'copilot-cli',
    projectDir: project,
    copilotTrustFolder: true,
    copilotPolicyDir: join(dir, 'no-policy'),
  } as const;
}

describe('claude-code: an inline claude-settings source policy keys join the settings merge', () => {
  it('project-scope disableAllHooks skips hooks as the discovered project file does; managed hooks run', async () => {
    const dir = tempDir('inline-policy-disable');
    const project = join(dir, 'project');
    const managed = join(dir, 'managed');
    const projectFile = join(project, '.claude', 'settings.json');
    const managedFile = join(managed, 'managed-settings.json');
    const done = (name: string) => join(dir, name);
    writeTree(dir, {
      'project/.claude/settings.json': stopSettings(done('file-project'), { disableAllHooks: true }),
      'managed/managed-settings.json': stopSettings(done('file-managed')),
    });
    const discovered = await dispatchStop({ projectDir: project, managedDir: managed });
    const inline = await dispatchStop({
      discover: false,
      projectDir: project,
      sources: [
        {
          file: projectFile,
          kind: 'claude-settings',
          scope: 'project',
          config: stopSettings(done('inline-project'), { disableAllHooks: true }),
        },
        {
          file: managedFile,
          kind: 'claude-settings',
          scope: 'managed',
          config: stopSettings(done('inline-managed')),
        },
        // Everyone else's hooks too: a session-scope source's hook is not a managed one.
        { file: 'inline:session', kind: 'claude-settings', config: stopSettings(done('inline-session')) },
      ],
    });
    const reason = `disableAllHooks is true in project settings ${projectFile} (managed hooks keep running)`;
    expect(whys(discovered.result)).toEqual([`${projectFile} ${reason}`]);
    expect(whys(inline.result)).toEqual([`${projectFile} ${reason}`, `inline:session ${reason}`]);
    expect(inline.result.hooks.map((hook) => hook.source.file)).toEqual([managedFile]);
    expect([done('file-managed'), done('inline-managed')].map(existsSync)).toEqual([true, true]);
    expect(['file-project', 'inline-project', 'inline-session'].map((n) => existsSync(done(n)))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("a local-scope source's disableAllHooks: false beats the discovered project file's true (§6.1)", async () => {
    const dir = tempDir('inline-policy-precedence');
    const ran = join(dir, 'ran');
    writeTree(dir, { '.claude/settings.json': stopSettings(ran, { disableAllHooks: true }) });
    const { result } = await dispatchStop({
      projectDir: dir,
      managedDir: join(dir, 'no-managed'),
      sources: [
        { file: 'inline:local', kind: 'claude-settings', scope: 'local', config: { disableAllHooks: false } },
      ],
    });
    expect(result.skipped).toEqual([]);
    expect(existsSync(ran)).toBe(true);
  });

  it("a managed-scope source's allowManagedHooksOnly holds the discovered project hooks", async () => {
    const dir = tempDir('inline-policy-managed-only');
    const ran = join(dir, 'ran');
    writeTree(dir, { '.claude/settings.json': stopSettings(ran) });
    const { result } = await dispatchStop({
      projectDir: dir,
      managedDir: join(dir, 'no-managed'),
      sources: [
        {
          file: 'inline:managed',
          kind: 'claude-settings',
          scope: 'managed',
          config: { allowManagedHooksOnly: true },
        },
      ],
    });
    expect(whys(result)).toEqual([
      `${join(dir, '.claude', 'settings.json')} allowManagedHooksOnly is true in managed settings inline:managed: only managed hooks run`,
    ]);
    expect(existsSync(ran)).toBe(false);
  });

  it('a session-scope source (the default) is no settings file: its disableAllHooks is a warning, not silence', async () => {
    const dir = tempDir('inline-policy-session');
    const ran = join(dir, 'ran');
    const { result, notes } = await dispatchStop({
      discover: false,
      sources: [
        {
          file: 'inline:session',
          kind: 'claude-settings',
          config: stopSettings(ran, { disableAllHooks: true }),
        },
      ],
    });
    expect(existsSync(ran)).toBe(true);
    const ignored = notes.filter((d) => d.code === 'CONFIG_POLICY_KEY_IGNORED');
    expect(ignored.map((d) => [d.file, d.pointer, d.severity])).toEqual([
      ['inline:session', '/disableAllHooks', 'warning'],
    ]);
    expect(ignored[0]?.message).toMatch(/scope session:.* user, project, local, cli or managed/);
    expect(codes(result.diagnostics)).toContain('CONFIG_POLICY_KEY_IGNORED inline:session');
  });
});

describe('copilot-cli: an inline claude-settings source is read as the discovered Claude file', () => {
  it('disableAllHooks: true turns off that source only, as in .claude/settings.json (§1.2)', async () => {
    const dir = tempDir('inline-policy-copilot');
    const project = join(dir, 'project');
    const claudeFile = join(project, '.claude', 'settings.json');
    writeTree(dir, {
      'project/.claude/settings.json': stopSettings(join(dir, 'file'), { disableAllHooks: true }),
    });
    const copilot = copilotOptions(dir, project);
    const discovered = await dispatchStop(copilot);
    const inline = await dispatchStop({
      ...copilot,
      discover: false,
      sources: [
        {
          file: claudeFile,
          kind: 'claude-settings',
          scope: 'project',
          config: stopSettings(join(dir, 'inline-off'), { disableAllHooks: true }),
        },
        { file: 'inline:on', kind: 'claude-settings', config: stopSettings(join(dir, 'inline-on')) },
      ],
    });
    const reason = `${claudeFile} disableAllHooks is true in ${claudeFile} (this file only)`;
    expect(whys(discovered.result)).toEqual([reason]);
    expect(whys(inline.result)).toEqual([reason]);
    expect(inline.result.hooks.map((hook) => hook.source.file)).toEqual(['inline:on']);
    expect(['file', 'inline-off', 'inline-on'].map((n) => existsSync(join(dir, n)))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("folder trust holds the repository's Claude file, not a project-scope source (a discovery gate)", async () => {
    const dir = tempDir('inline-policy-copilot-trust');
    const project = join(dir, 'project');
    writeTree(dir, {
      'project/.claude/settings.json': stopSettings(join(dir, 'file')),
      'home/.copilot/settings.json': { trustedFolders: [join(dir, 'elsewhere')] },
    });
    const { result } = await dispatchStop({
      profile: 'copilot-cli',
      projectDir: project,
      noUser: false,
      homeDir: join(dir, 'home'),
      copilotPolicyDir: join(dir, 'no-policy'),
      sources: [
        {
          file: 'inline:project',
          kind: 'claude-settings',
          scope: 'project',
          config: stopSettings(join(dir, 'inline')),
        },
      ],
    });
    expect(result.skipped.map((s) => s.source.file)).toEqual([join(project, '.claude', 'settings.json')]);
    expect([existsSync(join(dir, 'file')), existsSync(join(dir, 'inline'))]).toEqual([false, true]);
  });

  it('the Claude keys Copilot CLI does not read are CONFIG_UNSUPPORTED_BY_HOST, discovered or inline', async () => {
    const dir = tempDir('inline-policy-copilot-keys');
    const project = join(dir, 'project');
    const keys = { allowedHttpHookUrls: ['https://hooks.example.test/*'], httpHookAllowedEnvVars: ['TOKEN'] };
    writeTree(dir, { 'project/.claude/settings.json': stopSettings(join(dir, 'file'), keys) });
    const copilot = copilotOptions(dir, project);
    const discovered = await dispatchStop(copilot);
    const inline = await dispatchStop({
      ...copilot,
      discover: false,
      sources: [
        { file: 'inline:keys', kind: 'claude-settings', config: stopSettings(join(dir, 'inline'), keys) },
      ],
    });
    const said = (notes: readonly { code: string; pointer?: string }[]) =>
      notes.filter((d) => d.code === 'CONFIG_UNSUPPORTED_BY_HOST').map((d) => d.pointer);
    expect(said(discovered.notes)).toEqual(['/allowedHttpHookUrls', '/httpHookAllowedEnvVars']);
    expect(said(inline.notes)).toEqual(['/allowedHttpHookUrls', '/httpHookAllowedEnvVars']);
    expect(said(inline.result.diagnostics)).toEqual(['/allowedHttpHookUrls', '/httpHookAllowedEnvVars']);
    expect(existsSync(join(dir, 'inline'))).toBe(true);
  });
});
