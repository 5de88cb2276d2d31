// Issue 13 item 8: trust covers the code that runs. Each probe approves a project, edits a file
// the hook reaches, and expects the approval gone: in the fingerprint, in a running engine without
// reload(), and under `run --require-trust` with `--settings` / `--plugin-dir` inside the project.
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeTrustFingerprint, createTrustStore, trustStatus } from '../../src/config/trust/index.ts';
import { createHookEngine, type DispatchInput } from '../../src/index.ts';
import { commandHandler } from '../config/trust/fixtures.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, tempDir, writeFile } from '../helpers/temp-dir.ts';

const BASH_CALL: DispatchInput<'PreToolUse'> = {
  session_id: 's',
  transcript_path: '/tmp/t.jsonl',
  cwd: '/tmp',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'toolu_1',
};
const DENY = 'echo nope >&2; exit 2\n';

describe('the fingerprint covers what the command line reaches (docs/trust.md "What is approved")', () => {
  const outside = tempDir('trust-outside');
  const cases: [what: string, command: string, files: Record<string, string>, edit: string][] = [
    [
      'a script run as `bash hookscript` (no extension, no slash)',
      'bash hookscript',
      { hookscript: DENY },
      'hookscript',
    ],
    [
      'a file the script sources',
      'bash .claude/hooks/guard.sh',
      { '.claude/hooks/guard.sh': 'source "$(dirname "$0")/rules"\n', '.claude/hooks/rules': DENY },
      '.claude/hooks/rules',
    ],
    ["a -c string's file", `sh -c 'exec ./bin/guard --strict'`, { 'bin/guard': DENY }, 'bin/guard'],
    [
      'the script behind npm run',
      'npm run --silent guard',
      { 'package.json': JSON.stringify({ scripts: { guard: 'exit 2' } }) },
      'package.json',
    ],
    ['a file outside the project', `bash ${outside}/guard.sh`, {}, `${outside}/guard.sh`],
  ];

  it.each(cases)('%s', (_what, command, files, edit) => {
    const project = makeTree(files, 'trust-reach');
    writeFile(outside, 'guard.sh', DENY);
    const store = createTrustStore(join(tempDir('trust-reach-store'), 'trust.json'));
    const handlers = [commandHandler(command)];
    store.trust(project, computeTrustFingerprint(handlers, project));
    expect(trustStatus(handlers, project, store).trusted).toBe(true);
    const path = edit.startsWith('/') ? edit : join(project, edit);
    writeFile(
      path.startsWith(outside) ? outside : project,
      path.startsWith(outside) ? 'guard.sh' : edit,
      edit === 'package.json' ? JSON.stringify({ scripts: { guard: 'exit 0' } }) : 'exit 0\n',
    );
    const after = trustStatus(handlers, project, store);
    expect(after.trusted).toBe(false);
    expect(after.changed.join(' ')).toContain(edit === 'package.json' ? 'package.json#scripts/guard' : edit);
  });
});

describe('the engine re-checks scripts at dispatch, without reload()', () => {
  async function approvedEngine() {
    const project = makeTree(
      {
        '.claude/settings.json': {
          hooks: {
            PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'bash hookscript' }] }],
          },
        },
        hookscript: DENY,
      },
      'trust-dispatch',
    );
    const trustFile = join(tempDir('trust-dispatch-store'), 'trust.json');
    const options = { cwd: project, noUser: true, untrusted: 'skip' as const, trustFile };
    const first = await createHookEngine(options);
    createTrustStore(trustFile).trust(project, first.config.trust!.fingerprint);
    await first.close();
    const engine = await createHookEngine(options);
    return { project, engine };
  }

  it('an edited script is skipped as untrusted at the next dispatch; reverting trusts it again', async () => {
    const { project, engine } = await approvedEngine();
    try {
      expect((await engine.dispatch('PreToolUse', BASH_CALL)).decision).toBe('deny');
      writeFile(project, 'hookscript', 'exit 0\n');
      const edited = await engine.dispatch('PreToolUse', BASH_CALL);
      expect(edited.hooks).toEqual([]);
      expect(edited.skipped.map((s) => s.why)).toEqual([
        expect.stringMatching(/^untrusted project hook: .*changed script hookscript/),
      ]);
      writeFile(project, 'hookscript', DENY);
      expect((await engine.dispatch('PreToolUse', BASH_CALL)).decision).toBe('deny');
    } finally {
      await engine.close();
    }
  });

  it('without an approval hooks are untrusted; an approval given meanwhile counts from the next dispatch', async () => {
    const project = makeTree(
      {
        '.claude/settings.json': {
          hooks: {
            PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'bash hookscript' }] }],
          },
        },
        hookscript: DENY,
      },
      'trust-unapproved',
    );
    const trustFile = join(tempDir('trust-unapproved-store'), 'trust.json');
    const engine = await createHookEngine({ cwd: project, noUser: true, untrusted: 'skip', trustFile });
    try {
      const before = await engine.dispatch('PreToolUse', BASH_CALL);
      expect(before.hooks).toEqual([]);
      expect(before.skipped[0]?.why).toContain('never been approved');
      // The engine's status names what an approval would cover, as `trust` computes it.
      const status = engine.config.trust!;
      const handlers = engine.config.handlers;
      expect(status.fingerprint.hash).toBe(computeTrustFingerprint(handlers, project).hash);
      expect(status.fingerprint.items.map((item) => item.id)).toEqual([
        '.claude/settings.json#/hooks/PreToolUse/0/hooks/0',
        'script:hookscript',
      ]);
      createTrustStore(trustFile).trust(project, computeTrustFingerprint(handlers, project));
      expect((await engine.dispatch('PreToolUse', BASH_CALL)).decision).toBe('deny');
    } finally {
      await engine.close();
    }
  });

  it('an edit that keeps the size and restores the mtime is still seen (ctime moves)', async () => {
    const { project, engine } = await approvedEngine();
    try {
      const path = join(project, 'hookscript');
      const before = statSync(path);
      writeFile(project, 'hookscript', DENY.replace('nope', 'yeah'));
      utimesSync(path, before.atime, before.mtime);
      expect(statSync(path).size).toBe(before.size);
      const result = await engine.dispatch('PreToolUse', BASH_CALL);
      expect(result.hooks).toEqual([]);
      expect(result.skipped[0]?.why).toContain('changed script hookscript');
    } finally {
      await engine.close();
    }
  });
});

describe('run --require-trust: --settings and --plugin-dir inside the project stay project hooks', () => {
  const HOOK = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: DENY.trim() }] }] };

  async function run(root: string, extra: string[]) {
    const trustFile = join(tempDir('trust-cli-store'), 'trust.json');
    const args = [
      'run',
      'PreToolUse',
      '--cwd',
      root,
      '--input',
      JSON.stringify(BASH_CALL),
      '--no-user',
      '--json',
    ];
    const { stdout, stderr } = await runCliInProcess([
      ...args,
      '--require-trust',
      '--trust-file',
      trustFile,
      ...extra,
    ]);
    expect(stderr).toBe('');
    return JSON.parse(stdout) as {
      decision: string | null;
      skipped: { why: string; source: { scope: string } }[];
    };
  }

  it('a --settings file inside the project is not trusted cli scope', async () => {
    const root = makeTree({ 'config/hooks.json': { hooks: HOOK } }, 'trust-cli-settings');
    const result = await run(root, ['--settings', join(root, 'config/hooks.json')]);
    expect(result.decision).toBeNull();
    expect(result.skipped).toEqual([
      expect.objectContaining({
        why: expect.stringMatching(/^untrusted project hook/),
        source: expect.objectContaining({ scope: 'cli' }),
      }),
    ]);
  });

  it('a --plugin-dir inside the project is not trusted plugin scope', async () => {
    const root = makeTree({ 'plugins/p/hooks/hooks.json': { hooks: HOOK } }, 'trust-cli-plugin');
    const result = await run(root, ['--plugin-dir', join(root, 'plugins/p')]);
    expect(result.decision).toBeNull();
    expect(result.skipped[0]?.why).toMatch(/^untrusted project hook/);
  });

  it("a --settings file outside the project and an inline --settings text stay the user's own", async () => {
    const root = makeTree({ 'in.json': {} }, 'trust-cli-outside');
    const elsewhere = makeTree({ 'hooks.json': { hooks: HOOK } }, 'trust-cli-elsewhere');
    expect((await run(root, ['--settings', join(elsewhere, 'hooks.json')])).decision).toBe('deny');
    const inline = commandHandler('exit 2', { scope: 'cli', file: '<--settings #1>' });
    expect(computeTrustFingerprint([inline], root).items).toEqual([]);
  });
});
