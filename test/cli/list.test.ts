import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runList } from '../../src/cli/commands/list.ts';
import type { CommonOptions } from '../../src/cli/common-options.ts';
import type { Listing } from '../../src/config/generation/listing.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const TREES = path.resolve(import.meta.dirname, '../fixtures/trees');

type Options = Parameters<typeof runList>[0];
function opts(cwd: string, extra: Partial<Options> = {}): Options {
  const common: CommonOptions = {
    cwd,
    profile: 'claude-code',
    settings: [],
    user: true,
    pluginDir: [],
    json: true,
    // Copilot CLI's folder trust is tested in test/config/discovery/copilot-trust.test.ts.
    trustFolder: true,
  };
  return { ...common, ...extra };
}

async function list(options: Options, overrides: Parameters<typeof runList>[2] = {}) {
  let out = '';
  const code = await runList(
    options,
    (text) => {
      out += text;
    },
    overrides,
  );
  return { code, out, json: () => JSON.parse(out) as Listing };
}

describe('agent-hooks list', () => {
  it('shows every location, every handler with its source, and every duplicate with both sources', async () => {
    const claude = path.join(TREES, 'claude-code');
    const { code, json } = await list(
      opts(path.join(claude, 'project'), { settings: ['../extra-settings.json'], pluginDir: ['../plugin'] }),
      { homeDir: path.join(claude, 'home'), managedDir: path.join(claude, 'managed') },
    );
    expect(code).toBe(0);
    const listing = json();
    expect(listing.locations).toHaveLength(11);
    expect(listing.handlers).toHaveLength(11);
    const shared = listing.handlers.find((h) => h.target === 'echo shared')!;
    expect(shared).toMatchObject({
      event: 'PreToolUse',
      type: 'command',
      matcher: 'Bash',
      dialect: 'claude',
    });
    expect(shared.source).toMatchObject({
      scope: 'project',
      pointer: '/hooks/PreToolUse/0/hooks/1',
      line: 11,
    });
    expect(listing.duplicates).toHaveLength(1);
    expect(listing.duplicates[0]!.kept.scope).toBe('project');
    expect(listing.duplicates[0]!.dropped.scope).toBe('user');
  });

  it('--event filters by any dialect spelling', async () => {
    const copilot = path.join(TREES, 'copilot-cli');
    const { json } = await list(
      opts(path.join(copilot, 'project'), { profile: 'copilot-cli', event: 'agentStop' }),
      {
        homeDir: path.join(copilot, 'home'),
        copilotPolicyDir: path.join(copilot, 'policy'),
        env: {},
      },
    );
    expect(json().handlers.map((h) => [h.event, h.target])).toEqual([['Stop', 'echo repo-settings-stop']]);
  });

  it('lists skipped entries with the reason (Copilot per-file disableAllHooks)', async () => {
    const copilot = path.join(TREES, 'copilot-cli');
    const { json } = await list(
      opts(path.join(copilot, 'project'), { profile: 'copilot-cli', user: false }),
      {
        copilotPolicyDir: path.join(copilot, 'policy'),
        env: {},
      },
    );
    expect(json().skipped).toHaveLength(1);
    expect(json().skipped[0]!.why).toMatch(/disableAllHooks/);
    expect(json().duplicates).toEqual([]); // Copilot runs every entry
  });

  it('--explain says why each handler runs; for vscode that matchers are ignored', async () => {
    const vscode = path.join(TREES, 'vscode');
    const { json } = await list(opts(path.join(vscode, 'project'), { profile: 'vscode', explain: true }), {
      homeDir: path.join(vscode, 'home'),
      vscodeSettings: { useClaudeHooks: true },
    });
    const claude = json().handlers.find((h) => h.target === 'echo claude-pre')!;
    expect(claude.why!.join('\n')).toMatch(/VS Code ignores matchers/);
  });

  it('human output has the locations, handlers, skipped and diagnostics sections', async () => {
    const root = makeTree({
      '.claude/settings.json': { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } },
      '.claude/settings.local.json': { disableAllHooks: true, hooks: { Nope: [] } },
    });
    const { out } = await list(opts(root, { json: false, user: false, explain: true }));
    expect(out).toMatch(/Locations \(\d+\)/);
    expect(out).toMatch(/Handlers \(0\)/);
    expect(out).toMatch(/Skipped \(1\)[\s\S]*disableAllHooks is true[\s\S]*CONFIG_HOOKS_DISABLED/);
    expect(out).toMatch(/\.claude[\\/]settings\.local\.json:\d+:\d+ warning CONFIG_UNKNOWN_EVENT/);
  });

  it('reports untrusted project hooks until they are approved (trust for project hooks)', async () => {
    const root = makeTree({
      'project/.claude/settings.json': {
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] },
      },
    });
    const trustFile = path.join(root, 'trust.json');
    const project = path.join(root, 'project');
    const before = await list(opts(project, { user: false, trustFile }), {
      homeDir: path.join(root, 'home'),
    });
    const untrusted = JSON.parse(before.out).trust;
    expect(untrusted.trusted).toBe(false);
    expect(untrusted.untrusted).toEqual(['.claude/settings.json#/hooks/Stop/0/hooks/0']);
    const { createTrustStore, computeTrustFingerprint } = await import('../../src/config/trust/index.ts');
    const { loadConfig } = await import('../../src/config/generation/index.ts');
    const generation = await loadConfig({ profile: 'claude-code', cwd: project, noUser: true });
    createTrustStore(trustFile).trust(project, computeTrustFingerprint(generation.handlers, project));
    const after = await list(opts(project, { user: false, trustFile }), { homeDir: path.join(root, 'home') });
    expect(JSON.parse(after.out).trust).toMatchObject({ trusted: true, untrusted: [] });
    const human = await list(opts(project, { user: false, trustFile, json: false }), {
      homeDir: path.join(root, 'home'),
    });
    expect(human.out).toMatch(/Trust trusted/);
  });
});
