import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CreateOptions, runCreate } from '../../../src/cli/commands/create.ts';
import { readConfig } from '../../../src/config/read-config.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { fixture, type MockLlmServer, startMockLlmServer } from '../../helpers/mock-llm-server.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

let server: MockLlmServer;
let base: string;
beforeAll(async () => {
  server = await startMockLlmServer();
  base = tempDir('create');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const DESCRIPTION = 'run ESLint after every file edit';

async function create(
  cwd: string,
  extra: Partial<CreateOptions> = {},
  confirm?: (q: string) => Promise<boolean>,
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCreate(
    DESCRIPTION,
    { cwd, target: '.claude/settings.json', yes: false, ...extra },
    {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
      confirm,
      env: {
        ANTHROPIC_API_KEY: 'k',
        ANTHROPIC_BASE_URL: server.origin,
        AGENT_HOOKS_MODEL: 'anthropic:claude-sonnet-4-6',
      },
    },
  );
  return { code, out: out.join(''), err: err.join('') };
}

function project(): string {
  return mkdtempSync(join(base, 'p-'));
}

describe('agent-hooks create (seed 000: generating hooks with AI)', () => {
  it('shows the proposal and writes settings and an executable script with --yes', async () => {
    const cwd = project();
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    const r = await create(cwd, { yes: true });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('ESLint checks the changed file');
    expect(r.out).toContain('"PostToolUse"');
    expect(JSON.stringify(server.requests[0]!.body.messages)).toContain(DESCRIPTION);
    const settingsFile = join(cwd, '.claude', 'settings.json');
    const read = readConfig({
      file: settingsFile,
      text: readFileSync(settingsFile, 'utf8'),
      kind: 'claude-settings',
      scope: 'project',
    });
    expect(read.diagnostics).toEqual([]);
    expect(read.handlers.map((h) => [h.event, h.matcher, h.type])).toEqual([
      ['PostToolUse', 'Edit|Write', 'command'],
    ]);
    const script = join(cwd, '.claude', 'hooks', 'eslint.sh');
    expect(readFileSync(script, 'utf8')).toMatch(/^#!\/bin\/sh\n/);
    expect(statSync(script).mode & 0o111).not.toBe(0);
  });

  it('retries once with the validator diagnostics when the first answer is invalid', async () => {
    const cwd = project();
    server.queue(
      'anthropic',
      fixture('anthropic', 'create-eslint-invalid'),
      fixture('anthropic', 'create-eslint'),
    );
    const r = await create(cwd, { yes: true });
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    const retryPrompt = JSON.stringify(server.requests[1]!.body.messages);
    expect(retryPrompt).toContain('CONFIG_UNKNOWN_HANDLER_TYPE');
    expect(retryPrompt).toContain('comand');
  });

  it('gives up after the retry and writes nothing', async () => {
    const cwd = project();
    server.repeat('anthropic', fixture('anthropic', 'create-eslint-invalid'));
    const r = await create(cwd, { yes: true });
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(r.err).toContain('CONFIG_UNKNOWN_HANDLER_TYPE');
    expect(() => statSync(join(cwd, '.claude'))).toThrow();
  });

  it('writes nothing without confirmation', async () => {
    const cwd = project();
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    const asked: string[] = [];
    const r = await create(cwd, {}, async (q) => {
      asked.push(q);
      return false;
    });
    expect(r.code).toBe(0);
    expect(asked).toHaveLength(1);
    expect(r.out).toContain('Nothing written');
    expect(() => statSync(join(cwd, '.claude'))).toThrow();
  });

  it('appends to an existing settings file and keeps its other keys', async () => {
    const cwd = project();
    mkdirSync(join(cwd, '.claude'));
    const existing = [
      '{',
      '  "model": "sonnet",',
      '  "hooks": {',
      '    "PostToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo done" }] }]',
      '  }',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(cwd, '.claude', 'settings.json'), existing);
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    expect((await create(cwd, {}, async () => true)).code).toBe(0);
    const text = readFileSync(join(cwd, '.claude', 'settings.json'), 'utf8');
    expect(JSON.parse(text).model).toBe('sonnet');
    const read = readConfig({ file: 'settings.json', text, kind: 'claude-settings', scope: 'project' });
    expect(read.handlers.map((h) => h.matcher)).toEqual(['Bash', 'Edit|Write']);
  });

  it('refuses to edit an existing settings file that is not valid', async () => {
    const cwd = project();
    mkdirSync(join(cwd, '.claude'));
    writeFileSync(join(cwd, '.claude', 'settings.json'), '{ "hooks": [ }');
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    const r = await create(cwd, { yes: true });
    expect(r.code).toBe(1);
    expect(r.err).toContain('CONFIG_INVALID_JSON');
    expect(readFileSync(join(cwd, '.claude', 'settings.json'), 'utf8')).toBe('{ "hooks": [ }');
    expect(() => statSync(join(cwd, '.claude', 'hooks'))).toThrow();
  });

  it('fails with the configuration hint when no model is configured', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCreate(
      DESCRIPTION,
      { cwd: project(), target: '.claude/settings.json', yes: true },
      { out: (t) => out.push(t), err: (t) => err.push(t), env: {} },
    );
    expect(code).toBe(1);
    expect(err.join('')).toContain('AGENT_HOOKS_MODEL');
    expect(err.join('')).toMatch(/^agent-hooks create: error RUNNER_MODEL_NOT_CONFIGURED /);
  });
});

describe('agent-hooks create: target dialect, --json, --model (issue 14 traps 7 and 9)', () => {
  it('writes a Copilot hooks file for a .github/hooks target', async () => {
    const cwd = project();
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    const r = await create(cwd, { yes: true, target: '.github/hooks/lint.json' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const file = join(cwd, '.github', 'hooks', 'lint.json');
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text).version).toBe(1);
    // docs/editor.md: every file agent-hooks writes names its schema, for completion in an editor.
    expect(JSON.parse(text).$schema).toBe('https://unpkg.com/agent-hooks/schema/copilot-hooks.schema.json');
    const read = readConfig({ file, text, kind: 'copilot-hooks-file', scope: 'project' });
    expect(read.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(read.handlers.map((h) => [h.dialect, h.event])).toEqual([['copilot-compat', 'PostToolUse']]);
  });

  it('--json prints what it created, and writes exactly the text it showed', async () => {
    const cwd = project();
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    const r = await create(cwd, { yes: true, json: true });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.kind).toBe('claude-settings');
    expect(json.written).toEqual(['.claude/settings.json', '.claude/hooks/eslint.sh']);
    expect(json.script.path).toBe('.claude/hooks/eslint.sh');
    expect(readFileSync(join(cwd, '.claude', 'settings.json'), 'utf8')).toBe(json.text);
    expect(JSON.parse(json.text).$schema).toBe('https://json.schemastore.org/claude-code-settings.json');
    expect(server.requests).toHaveLength(1);
  });

  it('--json without --yes asks no one and writes nothing', async () => {
    const cwd = project();
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    const asked: string[] = [];
    const r = await create(cwd, { json: true }, async (q) => {
      asked.push(q);
      return true;
    });
    expect(r.code).toBe(0);
    expect(asked).toEqual([]);
    expect(JSON.parse(r.out).written).toEqual([]);
    expect(() => statSync(join(cwd, '.claude'))).toThrow();
  });

  it('after confirmation writes the diff it showed, without a second model call', async () => {
    const cwd = project();
    mkdirSync(join(cwd, '.claude'));
    writeFileSync(join(cwd, '.claude', 'settings.json'), '{\n  "model": "sonnet"\n}\n');
    server.queue('anthropic', fixture('anthropic', 'create-eslint'));
    let shownBeforeAsking = '';
    const out: string[] = [];
    const code = await runCreate(
      DESCRIPTION,
      { cwd, target: '.claude/settings.json', yes: false },
      {
        out: (t) => out.push(t),
        err: () => {},
        confirm: async () => {
          shownBeforeAsking = out.join('');
          return true;
        },
        env: {
          ANTHROPIC_API_KEY: 'k',
          ANTHROPIC_BASE_URL: server.origin,
          AGENT_HOOKS_MODEL: 'anthropic:claude-sonnet-4-6',
        },
      },
    );
    expect(code).toBe(0);
    expect(server.requests).toHaveLength(1);
    const after = readFileSync(join(cwd, '.claude', 'settings.json'), 'utf8');
    // Every added line of the written file was in the diff shown before the question.
    for (const line of after.split('\n').filter((l) => l.includes('"') && !l.includes('"model"')))
      expect(shownBeforeAsking).toContain(`+${line}`);
  });

  it('names a bad --model in the error', async () => {
    const err: string[] = [];
    const code = await runCreate(
      DESCRIPTION,
      { cwd: project(), target: '.claude/settings.json', yes: true, model: 'nosuchprovider:x' },
      {
        out: () => {},
        err: (t) => err.push(t),
        env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.origin },
      },
    );
    expect(code).toBe(1);
    expect(err.join('')).toContain('--model "nosuchprovider:x"');
    expect(err.join('')).toContain('error RUNNER_MODEL_BAD_REF');
    expect(server.requests).toHaveLength(0);
  });

  it('a bad --model is a coded usage error of the whole program: exit 1, the fix, no model call', async () => {
    for (const model of ['nosuchprovider:x', 'anthropic:']) {
      const run = await runCliInProcess([
        'create',
        DESCRIPTION,
        '--cwd',
        project(),
        '--yes',
        '--model',
        model,
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`agent-hooks create: error RUNNER_MODEL_BAD_REF --model "${model}": `);
      expect(run.stderr).toContain('e.g. `--model anthropic:claude-haiku-4-5`');
    }
    expect(server.requests).toHaveLength(0);
  });
});
