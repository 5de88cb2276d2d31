import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.ts';
import { writeTree } from '../helpers/temp-dir.ts';
import { type Consumer, installedPackages, installPackedConsumer, linkPeers } from './packed-consumer.ts';

const run = promisify(execFile);
const SETUP_TIMEOUT_MS = 600_000;
/** A type check of every entry takes ~15 s on a busy 2-core machine. */
const TEST_TIMEOUT_MS = 120_000;
const TSC = join(createRequire(import.meta.url).resolve('typescript/package.json'), '..', 'bin', 'tsc');
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
/** `agent-hooks`, `agent-hooks/llm`, …: every code entry of the exports map. */
const ENTRIES = Object.keys(pkg.exports)
  .filter((subpath) => subpath !== './package.json' && !subpath.includes('*'))
  .map((subpath) => `agent-hooks${subpath.slice(1)}`);
const PEERS = Object.keys(pkg.peerDependencies);
/** Roughly the size of zod + undici + yaml + the rest of the core; the LLM and MCP packages are 35 MB. */
const CORE_INSTALL_MAX_BYTES = 25 * 1024 * 1024;

let consumer: Consumer | undefined;
let skipReason = '';

function project(skip: (note: string) => never): Consumer {
  if (!consumer) skip(skipReason);
  return consumer as Consumer;
}

async function bin(
  dir: string,
  args: string[],
  stdin = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      join(dir, 'node_modules', '.bin', 'agent-hooks'),
      args,
      { cwd: dir, env: { ...process.env, HOME: dir, NO_COLOR: '1', ANTHROPIC_API_KEY: 'sk-test' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

// Issue 14, "Done when": a consumer project installs the packed tarball and imports every entry.
describe('the packed tarball in a consumer project', { timeout: TEST_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    const installed = await installPackedConsumer();
    if ('skip' in installed) skipReason = installed.skip;
    else consumer = installed;
  }, SETUP_TIMEOUT_MS);

  describe('a plain install (no optional peers)', () => {
    it('is the small core: the dependencies and their own, none of the LLM, MCP or server packages', async ({
      skip,
    }) => {
      const { dir } = project(skip);
      const installed = installedPackages(dir);
      expect(installed).toEqual(expect.arrayContaining(['agent-hooks', ...Object.keys(pkg.dependencies)]));
      expect(installed.filter((name) => PEERS.includes(name) || name.startsWith('@ai-sdk/'))).toEqual([]);
      const { stdout } = await run('du', ['-sb', join(dir, 'node_modules')]);
      expect(Number.parseInt(stdout, 10)).toBeLessThan(CORE_INSTALL_MAX_BYTES);
    });

    it('runs the bin: --help, and a command hook decides', async ({ skip }) => {
      const { dir } = project(skip);
      expect((await bin(dir, ['--help'])).stdout).toMatch(/Usage: agent-hooks/);
      writeTree(dir, {
        'guard.sh': 'cat >/dev/null; echo "no rm" >&2; exit 2\n',
        '.claude/settings.json': {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh guard.sh' }] }] },
        },
      });
      const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
      const r = await bin(dir, ['run', 'PreToolUse', '--no-user', '--json'], input);
      expect(JSON.parse(r.stdout)).toMatchObject({
        decision: 'deny',
        reason: expect.stringMatching(/no rm/),
      });
    });

    it('a prompt hook without the AI SDK says which packages to install', async ({ skip }) => {
      const { dir } = project(skip);
      const hooks = { PostToolUse: [{ hooks: [{ type: 'prompt', prompt: 'Was this fine? $ARGUMENTS' }] }] };
      const settings = join(dir, 'prompt-settings.json');
      writeFileSync(settings, JSON.stringify({ hooks }));
      const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {} });
      const r = await bin(dir, ['run', 'PostToolUse', '--no-user', '--settings', settings, '--json'], input);
      const [hook] = (JSON.parse(r.stdout) as { hooks: { effect: string }[] }).hooks;
      expect(hook?.effect).toMatch(
        /need the package "ai", which is not installed; run: npm install ai @ai-sdk\/anthropic/,
      );
    });

    it('mcp-proxy and serve without their peers say which packages to install, exit 1, no stack trace', async ({
      skip,
    }) => {
      const { dir } = project(skip);
      const proxy = await bin(dir, ['mcp-proxy', '--name', 's', '--', 'node', '-e', '0']);
      expect(proxy.code).toBe(1);
      expect(proxy.stderr).toMatch(
        /needs the package "@modelcontextprotocol\/(client|server)", which is not installed; run: npm install @modelcontextprotocol\/client @modelcontextprotocol\/server/,
      );
      const serve = await bin(dir, ['serve', '--port', '0']);
      expect(serve.code).toBe(1);
      expect(serve.stderr).toMatch(
        /agent-hooks serve needs the package "\S+", which is not installed; run: npm install hono @hono\/node-server kysely better-sqlite3/,
      );
      expect(`${proxy.stderr}${serve.stderr}`).not.toMatch(/\n\s+at /);
    });
  });

  describe('with the optional peers installed beside it', () => {
    beforeAll(() => {
      if (consumer) linkPeers(consumer.dir, PEERS);
    });

    it('imports every entry point from ESM', async ({ skip }) => {
      const { dir } = project(skip);
      const schema =
        "const { default: s } = await import('agent-hooks/schema/claude-settings.schema.json', { with: { type: 'json' } }); console.log('schema', s.$id);";
      const script = `${schema} for (const e of ${JSON.stringify(ENTRIES)}) { const m = await import(e); console.log(e, Object.keys(m).length); }`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir });
      for (const entry of ENTRIES) expect(stdout).toMatch(new RegExp(`^${entry} [1-9]\\d*$`, 'm'));
      expect(stdout).toMatch(
        /^schema https:\/\/unpkg\.com\/agent-hooks\/schema\/claude-settings\.schema\.json$/m,
      );
    });

    it('requires every entry point from CommonJS (require of ESM, Node ≥ 20.19)', async ({ skip }) => {
      const { dir } = project(skip);
      writeFileSync(
        join(dir, 'all.cjs'),
        `for (const e of ${JSON.stringify(ENTRIES)}) console.log(e, Object.keys(require(e)).length);\n`,
      );
      const { stdout } = await run(process.execPath, ['all.cjs'], { cwd: dir });
      for (const entry of ENTRIES) expect(stdout).toMatch(new RegExp(`^${entry} [1-9]\\d*$`, 'm'));
    });

    it.for([
      ['nodenext', 'nodenext'],
      ['bundler', 'esnext'],
    ])(
      'type-checks imports of every entry and a schema in TypeScript (%s resolution)',
      async ([resolution, module], { skip }) => {
        const { dir } = project(skip);
        const imports = ENTRIES.map((entry, i) => `import * as e${i} from '${entry}';`).join('\n');
        writeTree(dir, {
          [`ts-${resolution}/index.ts`]: `${imports}
import { createHookEngine } from 'agent-hooks';
import schema from 'agent-hooks/schema/copilot-hooks.schema.json' with { type: 'json' };
// @ts-expect-error the options are typed: were the declarations missing, this would be any and pass.
void createHookEngine({ profile: 'not-a-profile' });
export const all = [${ENTRIES.map((_, i) => `e${i}`).join(', ')}, schema.$id];
`,
          [`ts-${resolution}/tsconfig.json`]: {
            compilerOptions: {
              module,
              moduleResolution: resolution,
              target: 'ES2022',
              strict: true,
              noEmit: true,
              resolveJsonModule: true,
              skipLibCheck: true,
              types: ['node'],
              typeRoots: [join(REPO_ROOT, 'node_modules', '@types')],
            },
            files: ['index.ts'],
          },
        });
        const checked = await run(process.execPath, [TSC, '-p', `ts-${resolution}`], { cwd: dir }).then(
          () => '',
          (error: { stdout: string }) => error.stdout,
        );
        expect(checked).toBe('');
      },
    );
  });
});
