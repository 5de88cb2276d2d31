import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, type MockLlmServer, startMockLlmServer } from '../../helpers/mock-llm-server.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { DRY_RUN_LINE, dryRun, dryThenReal, refusedAlike } from './dry-run-runs.ts';

// `create --dry-run`: the proposal and its diff, no question, nothing written, and every check of
// the write (docs/author.md "create"). The model is the mock server on 127.0.0.1.

let server: MockLlmServer;
beforeAll(async () => {
  server = await startMockLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ANTHROPIC_API_KEY: 'k',
    ANTHROPIC_BASE_URL: server.origin,
    AGENT_HOOKS_MODEL: 'anthropic:claude-sonnet-4-6',
  };
}

const create = (project: string, ...more: string[]) => [
  'create',
  'run ESLint after every file edit',
  '--cwd',
  project,
  '--yes',
  ...more,
];

describe('create --dry-run', () => {
  it('shows what --yes writes, then the dry-run line instead of writing, even with --yes', async () => {
    const project = makeTree({ 'README.md': 'app\n' }, 'create-dry');
    server.repeat('anthropic', fixture('anthropic', 'create-eslint'));
    const { dry, real } = await dryThenReal(project, create(project), { env: env() });
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/\nWrote \.claude\/settings\.json and \.claude\/hooks\/eslint\.sh\.\n$/);
    const shown = real.stdout.slice(0, real.stdout.lastIndexOf('\nWrote '));
    expect(dry).toEqual({ ...real, stdout: `${shown}\n${DRY_RUN_LINE}` });
  });

  it('with --json: "written" is empty', async () => {
    const project = makeTree({}, 'create-dry-json');
    server.repeat('anthropic', fixture('anthropic', 'create-eslint'));
    const run = await dryRun(project, create(project, '--json'), { env: env() });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ mode: 'create', written: [] });
  });

  it('a script path that is a link to nothing: refused as the real run refuses it, nothing written', async () => {
    const project = makeTree({}, 'create-dry-link');
    mkdirSync(join(project, '.claude/hooks'), { recursive: true });
    symlinkSync(join(project, 'planted.sh'), join(project, '.claude/hooks/eslint.sh'));
    server.repeat('anthropic', fixture('anthropic', 'create-eslint'));
    const run = await refusedAlike(project, create(project), { env: env() });
    expect(run.stderr).toContain(
      `not writing ${join(project, '.claude/hooks/eslint.sh')}: it is a symbolic link to a file that does not exist`,
    );
  });
});
