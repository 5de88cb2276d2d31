// An inline source of kind `claude-settings` (HookEngineOptions.sources) under the vscode profile.
// VS Code reads a Claude settings file by its own rules (other-agents-hooks.md §2.4 steps 1, 3, 4
// and 7: matcher discarded, only command hooks, only its own command keys, disableAllHooks the one
// policy key; §2.5: every hook waited for), so the engine reads such a source as it reads the
// discovered `.claude/settings.json`: the same hooks run, with the same warnings at the same lines
// and columns. Real processes (fixture scripts) and a real server on 127.0.0.1.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, type Diagnostic, type HookEngineOptions } from '../../src/index.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';
import { launchServer, type TestServer } from '../runners/http/http-test-kit.ts';

const PRINT_ARGS = fileURLToPath(new URL('../fixtures/command/print-args.sh', import.meta.url));
const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));
/** A call the group's matcher ("Bash") and the hook's `if` do not match. */
const READ_CALL = { tool_name: 'Read', tool_input: { file_path: 'a.txt' }, tool_use_id: 't1' };

let server: TestServer;

beforeAll(async () => {
  server = await launchServer({ '/hook': (_req, res) => res.writeHead(200).end('{}') });
});

afterAll(async () => {
  await server.close();
});

/**
 * A Claude settings file: a URL allow-list, and a "Bash" group holding a command hook with args and
 * `if`, a background hook that copies its stdin to `done`, and an http hook to the 127.0.0.1 server.
 */
function settings(done: string): Record<string, unknown> {
  return {
    allowedHttpHookUrls: ['https://hooks.example.test/*'],
    hooks: {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: PRINT_ARGS, args: ['one'], if: 'Bash(rm *)' },
            { type: 'command', command: `sh '${ANSWER}' '' '' 0 '${done}'`, async: true },
            { type: 'http', url: `${server.origin}/hook` },
          ],
        },
      ],
    },
  };
}

async function dispatchRead(options: HookEngineOptions) {
  const before = server.received.length;
  const engine = await createHookEngine(options);
  try {
    const result = await engine.dispatch('PreToolUse', READ_CALL);
    return { result, notes: engine.config.diagnostics, received: server.received.slice(before) };
  } finally {
    await engine.close();
  }
}

function inline(profile: 'vscode' | 'claude-code', config: Record<string, unknown>): HookEngineOptions {
  const source = { file: 'inline:settings', kind: 'claude-settings', scope: 'project', config } as const;
  return { discover: false, profile, sources: [source] };
}

/** Where and what, without the file's name (an inline source has none on disk). */
function located(notes: readonly Diagnostic[]): string[] {
  return notes.map((d) => `${d.severity} ${d.code} ${d.pointer} ${d.line}:${d.column}`);
}

describe('vscode: an inline claude-settings source is read as VS Code reads .claude/settings.json', () => {
  it('matcher and "if" ignored, "args" dropped, no background, no http hook; Claude Code reads them all', async () => {
    const done = join(tempDir('vscode-inline'), 'done');
    const vscode = await dispatchRead(inline('vscode', settings(done)));
    expect(vscode.result.hooks.map((hook) => [hook.type, hook.stdout])).toEqual([
      ['command', ''],
      ['command', ''],
    ]);
    expect(vscode.result.backgrounded).toBeUndefined();
    expect(existsSync(done)).toBe(true);
    expect(vscode.received).toEqual([]);
    expect(located(vscode.notes)).toEqual([
      'warning CONFIG_UNSUPPORTED_BY_HOST /allowedHttpHookUrls 2:3',
      'info CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/matcher 8:20',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/0/args 13:13',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/0/if 16:13',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/1/async 21:13',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/2/type 24:21',
    ]);
    const claude = await dispatchRead(
      inline('claude-code', settings(join(tempDir('claude-inline'), 'done'))),
    );
    expect(claude.result.hooks).toEqual([]);
    expect(claude.notes).toEqual([]);
  });

  it('gives the discovered .claude/settings.json its runs and diagnostics, message for message', async () => {
    const done = join(tempDir('vscode-inline'), 'done');
    const config = settings(done);
    const root = makeTree({ '.claude/settings.json': config }, 'vscode-inline-discovered');
    const discovered = await dispatchRead({
      cwd: root,
      noUser: true,
      homeDir: join(root, 'home'),
      profile: 'vscode',
      vscodeSettings: { useClaudeHooks: true },
    });
    const fromInline = await dispatchRead(inline('vscode', config));
    const runs = (result: typeof discovered.result) =>
      result.hooks.map((hook) => `${hook.source.pointer} ${hook.outcome} ${hook.stdout}`);
    expect(runs(fromInline.result)).toEqual(runs(discovered.result));
    expect(runs(fromInline.result)).toHaveLength(2);
    const said = (notes: readonly Diagnostic[]) => notes.map((d) => `${located([d])[0]} ${d.message}`);
    expect(said(fromInline.notes)).toEqual(said(discovered.notes));
  });

  it("disableAllHooks: true hides that source's hooks only, as VS Code hides one Claude file's", async () => {
    const dir = tempDir('vscode-inline-disabled');
    const stopHook = (done: string) => ({ type: 'command', command: `sh '${ANSWER}' '' '' 0 '${done}'` });
    const disabled = join(dir, 'disabled');
    const other = join(dir, 'other');
    const engine = await createHookEngine({
      discover: false,
      profile: 'vscode',
      sources: [
        {
          file: 'inline:off',
          kind: 'claude-settings',
          config: { disableAllHooks: true, hooks: { Stop: [{ hooks: [stopHook(disabled)] }] } },
        },
        { file: 'inline:on', kind: 'vscode-hooks', config: { hooks: { Stop: [stopHook(other)] } } },
      ],
    });
    try {
      const result = await engine.dispatch('Stop', { stop_hook_active: false });
      expect(result.hooks.map((hook) => hook.source.file)).toEqual(['inline:on']);
      expect(existsSync(other)).toBe(true);
      expect(existsSync(disabled)).toBe(false);
      expect(result.skipped.map((s) => `${s.source.file} ${s.why}`)).toEqual([
        'inline:off disableAllHooks is true in inline:off (this file only)',
      ]);
    } finally {
      await engine.close();
    }
  });
});
