import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFsScope } from '../../../src/runners/llm/agent-fs.ts';
import { type AgentTool, createAgentTools } from '../../../src/runners/llm/agent-tools.ts';
import { until } from '../../helpers/poll.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

let base: string;
let project: string;
let tools: Map<string, AgentTool>;
const signal = new AbortController().signal;

beforeAll(async () => {
  base = tempDir('tools');
  project = join(base, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(join(project, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(project, 'src', 'a.ts'), 'const secretName = 1;\nexport const b = 2;\n');
  writeFileSync(join(project, 'node_modules', 'dep', 'index.js'), 'const secretName = 3;\n');
  writeFileSync(join(base, 'outside.txt'), 'secretName outside\n');
  writeFileSync(join(base, 'transcript.jsonl'), '{"t":1}\n');
  symlinkSync(join(base, 'outside.txt'), join(project, 'link.txt'));
  const scope = await createFsScope(project, [join(base, 'transcript.jsonl')]);
  tools = new Map(createAgentTools(scope, { shell: true, env: process.env }).map((t) => [t.spec.name, t]));
});

const call = (name: string, input: Record<string, unknown>) => tools.get(name)!.execute(input, signal);

describe('agent tools confine file access to the project (claude-code-hooks.md §4.6)', () => {
  it('Read numbers lines and honours offset/limit', async () => {
    const r = await call('Read', { file_path: 'src/a.ts', offset: 2, limit: 1 });
    expect(r.isError).toBeFalsy();
    expect(r.output).toBe('     2\texport const b = 2;');
  });

  it.each([
    ['a relative escape', '../outside.txt'],
    ['an absolute path outside', 'OUTSIDE'],
    ['a symlink leading outside', 'link.txt'],
  ])('Read refuses %s', async (_what, given) => {
    const path = given === 'OUTSIDE' ? join(base, 'outside.txt') : given;
    const r = await call('Read', { file_path: path });
    expect(r.isError).toBe(true);
    expect(r.output).toContain('outside the project');
  });

  it('Read may open the transcript outside the project', async () => {
    const r = await call('Read', { file_path: join(base, 'transcript.jsonl') });
    expect(r.output).toBe('     1\t{"t":1}\n     2\t');
  });

  it('Glob lists project files, skips node_modules and drops results outside', async () => {
    expect((await call('Glob', { pattern: '**/*.ts' })).output).toBe('src/a.ts');
    expect((await call('Glob', { pattern: '../*.txt' })).output).toBe('no files found');
    expect((await call('Glob', { pattern: '*', path: '..' })).isError).toBe(true);
  });

  it('Grep searches project files only', async () => {
    const r = await call('Grep', { pattern: 'secret\\w+' });
    // link.txt leads outside: left out, and said so.
    expect(r.output).toBe(
      'src/a.ts:1:const secretName = 1;\n(left out: 1 outside the project or symlinks to nothing)',
    );
    expect((await call('Grep', { pattern: '(' })).isError).toBe(true);
  });

  it('Bash (only with allowShell) runs in the project directory', async () => {
    const r = await call('Bash', { command: 'pwd; exit 3' });
    expect(r.isError).toBe(true);
    expect(r.output).toContain(project);
    expect(r.output).toContain('exit code 3');
  });

  // A child that left the shell's process group (setsid) and holds its pipes: before the fix the
  // tool waited for it (30 s here), so an agent hook ran that long past its own timeout.
  const ESCAPED_SLEEP_SEC = 30;
  /** Well under the escaped child's life: the tool must not wait for it. */
  const PROMPT_RETURN_MS = 10_000;
  const escaped = (pidFile: string) => `setsid sh -c 'echo $$ > ${pidFile}; exec sleep ${ESCAPED_SLEEP_SEC}'`;
  const killEscaped = (pidFile: string) => {
    if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGKILL');
  };

  it('Bash returns when the shell exits, although an escaped child still holds its output', async () => {
    const pidFile = join(base, 'escaped-1.pid');
    const started = Date.now();
    try {
      const r = await call('Bash', { command: `${escaped(pidFile)} & echo started` });
      expect(Date.now() - started).toBeLessThan(PROMPT_RETURN_MS);
      expect(r.output).toContain('started');
      expect(r.output).toContain('exit code 0');
    } finally {
      await until(() => existsSync(pidFile), 'the escaped child to start');
      killEscaped(pidFile);
    }
  });

  it("Bash ends at once when the hook's signal aborts, even with an escaped child holding its output", async () => {
    const pidFile = join(base, 'escaped-2.pid');
    const controller = new AbortController();
    try {
      const running = tools.get('Bash')!.execute({ command: escaped(pidFile) }, controller.signal);
      await until(() => existsSync(pidFile), 'the escaped child to start');
      const aborted = Date.now();
      controller.abort();
      const r = await running;
      expect(Date.now() - aborted).toBeLessThan(PROMPT_RETURN_MS);
      expect(r.isError).toBe(true);
      expect(r.output).toContain('ran out of time or was cancelled');
    } finally {
      killEscaped(pidFile);
    }
  });

  it('without allowShell there is no Bash tool', async () => {
    const scope = await createFsScope(project, []);
    expect(createAgentTools(scope, { shell: false, env: {} }).map((t) => t.spec.name)).toEqual([
      'Read',
      'Glob',
      'Grep',
    ]);
  });
});
