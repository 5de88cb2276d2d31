// The observed Copilot CLI 1.0.102 runtime (copilot-cli-observed.md), reproduced with real hook
// files in `.github/hooks/` and a real fixture script that records what it saw.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
import { copilotEngineIn } from '../helpers/engine.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const RECORD = fileURLToPath(new URL('../fixtures/copilot/record-hook.sh', import.meta.url));
const BASH_TOOL = { toolName: 'bash', toolArgs: { command: 'ls' } };

/** A `.github/hooks/<file>` entry running the recording fixture as `name` in `mode`. */
function recording(log: string, name: string, mode = 'silent', event = 'preToolUse') {
  return {
    version: 1,
    hooks: { [event]: [{ type: 'command', bash: `bash ${RECORD} ${name} ${log} ${mode}` }] },
  };
}

async function copilotProject(files: Record<string, object>, env: NodeJS.ProcessEnv = process.env) {
  const project = makeTree(files, 'copilot-runtime');
  const engine = await copilotEngineIn(project, { env });
  return { project, engine };
}

function ranNames(log: string): string[] {
  return readFileSync(log, 'utf8').trim().split('\n');
}

describe('Copilot CLI runtime (copilot-cli-observed.md "How hooks are started")', () => {
  it('runs .github/hooks files in descending file-name order (z, m, a, B, 9, 10)', async () => {
    const log = join(makeTree({}, 'order-log'), 'ran');
    const names = ['10', '9', 'B', 'a', 'm', 'z'];
    const files = Object.fromEntries(
      names.map((name) => [`.github/hooks/${name}.json`, recording(log, name)]),
    );
    const { engine } = await copilotProject(files);
    await engine.dispatch('preToolUse', BASH_TOOL);
    await engine.close();
    expect(ranNames(log)).toEqual(['z', 'm', 'a', 'B', '9', '10']);
  });

  it('a deny stops the remaining hooks of the event, and says which did not run', async () => {
    const log = join(makeTree({}, 'deny-log'), 'ran');
    const { engine } = await copilotProject({
      '.github/hooks/b.json': recording(log, 'first', 'deny'),
      '.github/hooks/a.json': recording(log, 'second', 'allow'),
    });
    const result = await engine.dispatch('preToolUse', BASH_TOOL);
    await engine.close();
    expect(ranNames(log)).toEqual(['first']);
    expect(result.decision).toBe('deny');
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]?.source.file).toMatch(/a\.json$/);
    expect(result.skipped[0]?.why).toMatch(/denied/);
    expect(result.messages.toModel).toEqual(['Denied by preToolUse hook: denied by first']);
  });

  it('starts hooks as /bin/bash --norc --noprofile -c, stdin without a trailing newline, with the host variables', async () => {
    const dir = makeTree({}, 'env-log');
    const log = join(dir, 'ran');
    const cmdline = join(dir, 'cmdline');
    const project = makeTree({}, 'copilot-env');
    const command = `tr '\\0' ' ' < /proc/$$/cmdline > ${cmdline}; bash ${RECORD} env ${log} silent`;
    const engine = await createHookEngine({
      projectDir: project,
      profile: 'copilot-cli',
      discover: false,
      sources: [
        {
          file: join(project, '.github/hooks/x.json'),
          kind: 'copilot-hooks-file',
          scope: 'project',
          config: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: command }] } },
        },
      ],
      env: { ...process.env, COPILOT_PROVIDER_API_KEY: 'must-not-leak', CLAUDECODE: undefined },
    });
    await engine.dispatch('preToolUse', BASH_TOOL);
    await engine.close();
    expect(readFileSync(cmdline, 'utf8')).toMatch(/^\/bin\/bash --norc --noprofile -c /);
    const stdin = readFileSync(`${log}.env.stdin`, 'utf8');
    expect(stdin.endsWith('}')).toBe(true);
    expect(JSON.parse(stdin)).toMatchObject({ toolName: 'bash', toolArgs: { command: 'ls' } });
    const env = Object.fromEntries(
      readFileSync(`${log}.env.env`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(env).toEqual({
      COPILOT_CLI: '1',
      COPILOT_PROJECT_DIR: project,
      COPILOT_HOOK_DIR: join(project, '.github', 'hooks'),
      CLAUDE_PROJECT_DIR: project,
      CLAUDECODE: '<unset>',
      COPILOT_PROVIDER_API_KEY: '<unset>',
    });
  });
});

describe('Copilot CLI output, in the host wording (copilot-cli-observed.md "What the host does")', () => {
  it('preToolUse exit 2 denies with "hook exited with code 2" and hides stderr; it beats a stdout allow', async () => {
    const log = join(makeTree({}, 'exit2-log'), 'ran');
    const { engine } = await copilotProject({ '.github/hooks/x.json': recording(log, 'h', 'exit2-allow') });
    const result = await engine.dispatch('preToolUse', BASH_TOOL);
    await engine.close();
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('hook exited with code 2');
    expect(result.messages.toModel).toEqual(['Denied by preToolUse hook: hook exited with code 2']);
    expect(JSON.stringify(result.messages.toModel)).not.toMatch(/secret stderr/);
  });

  it('preToolUse exit 1 fails closed with the errored hook file named', async () => {
    const log = join(makeTree({}, 'exit1-log'), 'ran');
    const { engine } = await copilotProject({ '.github/hooks/guard.json': recording(log, 'h', 'exit1') });
    const result = await engine.dispatch('preToolUse', BASH_TOOL);
    await engine.close();
    expect(result.decision).toBe('deny');
    expect(result.messages.toModel).toEqual([
      'Denied by preToolUse hook from ".github/hooks/guard.json" (hook errored)',
    ]);
  });

  it('postToolUse exit 2 sends nothing to the model', async () => {
    const log = join(makeTree({}, 'post-log'), 'ran');
    const { engine } = await copilotProject({
      '.github/hooks/x.json': recording(log, 'h', 'exit2', 'postToolUse'),
    });
    const result = await engine.dispatch('postToolUse', {
      ...BASH_TOOL,
      toolResult: { resultType: 'success', textResultForLlm: 'ok' },
    });
    await engine.close();
    expect(result.hooks[0]?.exitCode).toBe(2);
    expect(result.decision).toBeNull();
    expect(result.messages.toModel).toEqual([]);
  });
});
