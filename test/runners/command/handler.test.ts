// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` here is shell and placeholder syntax under test.
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOK_INPUT_ENV_MAX_BYTES } from '../../../src/runners/command/environment.ts';
import { createCommandRunner, runCommandHandler } from '../../../src/runners/command/run-command-handler.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
import { commandRequest, fixture } from './helpers.ts';

const project = realpathSync(tempDir('handler'));
mkdirSync(join(project, 'sub dir'));

/** Prints the named variables as JSON, `null` for unset ones. */
function dumpEnv(names: string[]): string {
  const code = `import json,os;print(json.dumps({n: os.environ.get(n) for n in ${JSON.stringify(names)}}))`;
  return `python3 -c '${code}'`;
}

describe('environment (claude-code-hooks.md §6.5, docs/environment.md)', () => {
  it('sets every documented variable on a plugin tool hook', async () => {
    const names = [
      'CLAUDECODE',
      'CLAUDE_PROJECT_DIR',
      'CLAUDE_CODE_SESSION_ID',
      'CLAUDE_PLUGIN_ROOT',
      'CLAUDE_PLUGIN_DATA',
      'CLAUDE_HOOK_INPUT',
      'TOOL_INPUT_FILE_PATH',
      'CLAUDE_ENV_FILE',
      'FROM_HOST',
    ];
    const request = commandRequest(
      { command: dumpEnv(names) },
      {
        projectDir: project,
        pluginRoot: '/plugins/p1',
        pluginData: '/data/p1',
        payload: { tool_name: 'Write', tool_input: { file_path: '/src/a.ts' } },
        env: { ...process.env, FROM_HOST: 'host', CLAUDE_ENV_FILE: '/stale' },
      },
    );
    const r = await runCommandHandler(request);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      CLAUDECODE: '1',
      CLAUDE_PROJECT_DIR: project,
      CLAUDE_CODE_SESSION_ID: 'session-1',
      CLAUDE_PLUGIN_ROOT: '/plugins/p1',
      CLAUDE_PLUGIN_DATA: '/data/p1',
      CLAUDE_HOOK_INPUT: request.payloadJson,
      TOOL_INPUT_FILE_PATH: '/src/a.ts',
      CLAUDE_ENV_FILE: null,
      FROM_HOST: 'host',
    });
  });

  it("inherits the host's live process.env, later changes included, without its hook variables", async () => {
    const names = [
      'FROM_LIVE_ENV',
      'CLAUDE_ENV_FILE',
      'CLAUDE_HOOK_INPUT',
      'TOOL_INPUT_FILE_PATH',
      'CLAUDECODE',
    ];
    const saved = names.map((name) => [name, process.env[name]] as const);
    try {
      Object.assign(process.env, {
        CLAUDE_ENV_FILE: '/stale/env',
        CLAUDE_HOOK_INPUT: '{"stale":true}',
        TOOL_INPUT_FILE_PATH: '/stale/path',
      });
      const request = commandRequest({ command: dumpEnv(names) }, { event: 'Stop' });
      expect(JSON.parse((await runCommandHandler(request)).stdout).FROM_LIVE_ENV).toBeNull();
      process.env.FROM_LIVE_ENV = 'set after the first run';
      expect(JSON.parse((await runCommandHandler(request)).stdout)).toEqual({
        FROM_LIVE_ENV: 'set after the first run',
        CLAUDE_ENV_FILE: null,
        CLAUDE_HOOK_INPUT: request.payloadJson,
        TOOL_INPUT_FILE_PATH: null,
        CLAUDECODE: '1',
      });
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('lets the seed 004 example read CLAUDE_HOOK_INPUT with jq', async () => {
    const command = `jq -e '.tool_input.file_path | test("test.*\\\\.ts$")' <<< "$CLAUDE_HOOK_INPUT" && echo 'Must write tests alongside implementation' >&2 && exit 2 || exit 0`;
    const payload = { tool_input: { file_path: 'src/test-a.ts' } };
    const r = await runCommandHandler(commandRequest({ command, shell: 'bash' }, { payload }));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('Must write tests alongside implementation\n');
  });

  it('leaves CLAUDE_HOOK_INPUT unset above the limit, with a note, and still sends stdin', async () => {
    const payload = { tool_input: { content: 'x'.repeat(HOOK_INPUT_ENV_MAX_BYTES) } };
    const r = await runCommandHandler(
      commandRequest({ command: 'test -z "${CLAUDE_HOOK_INPUT+set}" && wc -c' }, { payload }),
    );
    expect(r.exitCode).toBe(0);
    expect(Number(r.stdout.trim())).toBe(JSON.stringify(payload).length + 1);
    expect(r.diagnostics?.map((found) => found.code)).toContain('RUNNER_INPUT_ENV_TOO_LARGE');
  });

  it('sets TOOL_INPUT_FILE_PATH from Copilot camelCase toolArgs, and only on tool events', async () => {
    const copilot = await runCommandHandler(
      commandRequest(
        { bash: 'printf %s "$TOOL_INPUT_FILE_PATH"' },
        {
          dialect: 'copilot',
          payload: { toolName: 'edit', toolArgs: '{"path":"/x/y.md"}' },
          input: { tool_name: 'edit', tool_input: { path: '/x/y.md' } },
        },
      ),
    );
    expect(copilot.stdout).toBe('/x/y.md');
    const stop = await runCommandHandler(
      commandRequest(
        { command: 'printf %s "${TOOL_INPUT_FILE_PATH-unset}"' },
        { event: 'Stop', payload: { tool_input: { file_path: '/nope' } } },
      ),
    );
    expect(stop.stdout).toBe('unset');
  });

  it('expands $VAR and ${VAR} in handler env against the host and hook variables', async () => {
    const r = await runCommandHandler(
      commandRequest(
        {
          command: 'printf "%s|%s|%s" "$A" "$B" "$C"',
          env: { A: '$HOME_ISH/x', B: '${CLAUDE_PROJECT_DIR}/bin:$MISSING_VAR', C: 'plain $ sign' },
        },
        { projectDir: project, env: { ...process.env, HOME_ISH: '/h' } },
      ),
    );
    expect(r.stdout).toBe(`/h/x|${project}/bin:|plain $ sign`);
  });

  it('returns CLAUDE_ENV_FILE exports on SessionStart and deletes the file', async () => {
    const r = await runCommandHandler(
      commandRequest(
        { command: `echo "$CLAUDE_ENV_FILE"; "${fixture('write-env-file.sh')}"` },
        { event: 'SessionStart', payload: { source: 'startup' } },
      ),
    );
    expect(r.exitCode).toBe(0);
    expect(r.envExports).toEqual({ PLAIN: 'one', QUOTED: 'two words', DOUBLE: 'a "b"' });
    const envFile = r.stdout.trim();
    expect(envFile).not.toBe('');
    expect(existsSync(envFile)).toBe(false);
  });

  it('removes a CLAUDE_ENV_FILE the hook replaced with a folder, and the run still succeeds', async () => {
    const r = await runCommandHandler(
      commandRequest(
        { command: 'echo "$CLAUDE_ENV_FILE"; rm "$CLAUDE_ENV_FILE"; mkdir -p "$CLAUDE_ENV_FILE/sub"' },
        { event: 'SessionStart', payload: { source: 'startup' } },
      ),
    );
    expect(r.exitCode).toBe(0);
    expect(r.envExports ?? {}).toEqual({});
    expect(existsSync(r.stdout.trim())).toBe(false);
  });

  it('does not hang on a CLAUDE_ENV_FILE the hook replaced with a FIFO, and removes it', async () => {
    const r = await runCommandHandler(
      commandRequest(
        { command: 'echo "$CLAUDE_ENV_FILE"; rm "$CLAUDE_ENV_FILE"; mkfifo "$CLAUDE_ENV_FILE"' },
        { event: 'SessionStart', payload: { source: 'startup' } },
      ),
    );
    expect(r.exitCode).toBe(0);
    expect(r.envExports ?? {}).toEqual({});
    expect(existsSync(r.stdout.trim())).toBe(false);
  });

  it.each(['Setup', 'CwdChanged', 'FileChanged'] as const)('gives %s a CLAUDE_ENV_FILE', async (event) => {
    const r = await runCommandHandler(
      commandRequest(
        { command: 'echo "export E=$CLAUDE_ENV_FILE" >> "$CLAUDE_ENV_FILE"' },
        { event, payload: {} },
      ),
    );
    expect(r.envExports?.E).toMatch(/agent-hooks-/);
  });
});

describe('command forms', () => {
  it('passes exec-form args verbatim: spaces, quotes and $', async () => {
    const args = ['a b', `it's "quoted"`, '$HOME ${CLAUDE_PROJECT_DIR} `id`', ''];
    const r = await runCommandHandler(
      commandRequest({ command: fixture('print-args.sh'), args }, { projectDir: project }),
    );
    expect(r.stdout).toBe(`a b\nit's "quoted"\n$HOME ${project} \`id\`\n\n`);
  });

  it('substitutes ${CLAUDE_PLUGIN_ROOT} in shell form before spawning', async () => {
    const r = await runCommandHandler(
      commandRequest({ command: 'echo "${CLAUDE_PLUGIN_ROOT}"' }, { pluginRoot: '/plugin/with space' }),
    );
    expect(r.stdout).toBe('/plugin/with space\n');
  });

  it('runs Copilot bash with progress lines reported through onProgress', async () => {
    const seen: string[] = [];
    const r = await runCommandHandler(
      commandRequest(
        { bash: `"${fixture('progress.sh')}"` },
        { dialect: 'copilot', onProgress: (m) => seen.push(m) },
      ),
    );
    expect(seen).toEqual(['scanning', 'almost done']);
    expect(r.stdout).toBe('plain line\n{"decision":"allow"}');
  });

  it('keeps progress-looking lines in Claude output', async () => {
    const r = await runCommandHandler(commandRequest({ command: `"${fixture('progress.sh')}"` }));
    expect(r.progress).toBeUndefined();
    expect(r.stdout).toContain('"scanning"');
  });

  it('runs VS Code OS overrides', async () => {
    const r = await runCommandHandler(
      commandRequest(
        { command: 'echo default', linux: 'echo linux', osx: 'echo osx' },
        { dialect: 'vscode' },
      ),
    );
    expect(r.stdout).toBe(process.platform === 'darwin' ? 'osx\n' : 'linux\n');
  });

  it('resolves cwd relative to the project root, absolute, and ~', async () => {
    const rel = await runCommandHandler(
      commandRequest({ command: 'pwd', cwd: 'sub dir' }, { projectDir: project }),
    );
    expect(rel.stdout).toBe(`${join(project, 'sub dir')}\n`);
    const def = await runCommandHandler(commandRequest({ command: 'pwd' }, { projectDir: project }));
    expect(def.stdout).toBe(`${project}\n`);
    const home = await runCommandHandler(
      commandRequest({ command: 'pwd', cwd: '~' }, { projectDir: project }),
    );
    expect(home.stdout).toBe(`${realpathSync(homedir())}\n`);
  });

  it('resolves a handler again under another host, project or platform option, never from a stale run', async () => {
    const request = commandRequest({
      command: 'printf "%s|%s" "${CLAUDE_PROJECT_DIR}" "${BASH_VERSION:+bash}"',
    });
    const first = await runCommandHandler({ ...request, projectDir: project });
    expect(first.stdout).toBe(`${project}|`);
    // The same handler object, now for Copilot CLI, which starts every shell command with bash.
    const copilot = await runCommandHandler({ ...request, projectDir: project, host: 'copilot-cli' });
    expect(copilot.stdout).toBe(`${project}|bash`);
    const other = join(project, 'sub dir');
    const moved = await runCommandHandler({ ...request, projectDir: other });
    expect(moved.stdout).toBe(`${other}|`);
  });

  it('applies the output cap option and notes the truncation', async () => {
    const runner = createCommandRunner({ maxOutputBytes: 10 });
    const r = await runner(commandRequest({ command: 'printf 0123456789abcdef' }));
    expect(r.stdout).toBe('0123456789');
    expect(r.stdoutTruncated).toBe(true);
    expect(r.diagnostics?.map((found) => found.code)).toEqual(['RUNNER_OUTPUT_TRUNCATED']);
  });

  it('times out through request.timeoutMs', async () => {
    const runner = createCommandRunner({ killGraceMs: 200 });
    const r = await runner(commandRequest({ command: 'sleep 30' }, { timeoutMs: 300 }));
    expect(r.timedOut).toBe(true);
    expect(r.durationMs).toBeLessThan(10_000);
  });
});
