import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { DispatchResult } from '../engine/dispatch/result.ts';
import { createHookEngine } from '../engine/engine.ts';
import type { HookEngineOptions } from '../engine/options.ts';
import type { Diagnostic } from '../errors.ts';
import { monotonicMs } from '../model/clock.ts';
import type { RunnableCase, Scenario } from './read-scenario.ts';

/** What one case's dispatch produced, or why it could not run. */
export interface CaseRun {
  scenario: Scenario;
  item: RunnableCase;
  durationMs: number;
  result?: DispatchResult;
  /** Configuration errors of the project the case ran in (files that could not be read). */
  configErrors: Diagnostic[];
  /** The dispatch threw: misuse, or a file of `files` that could not be written. */
  error?: string;
}

/** Folders never copied into a case's temporary project: large, and no hook reads them. */
const NOT_COPIED = new Set(['node_modules', '.git']);

/** A `files` key must stay inside the project copy. */
function insideProject(root: string, rel: string): string {
  const target = resolve(root, rel);
  const back = relative(root, target);
  if (isAbsolute(rel) || back.startsWith('..') || back === '') {
    throw new Error(`files: "${rel}" is outside the project; give a path relative to the project`);
  }
  return target;
}

/**
 * A temporary copy of the project with the case's files written in, so a case never changes the
 * project and cases running in parallel never see each other's files.
 */
async function projectCopy(root: string, projectDir: string, files: Record<string, string>): Promise<string> {
  const copy = join(root, basename(projectDir));
  await cp(projectDir, copy, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(basename(source)) || source === projectDir,
  });
  for (const [rel, text] of Object.entries(files)) {
    const target = insideProject(copy, rel);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return copy;
}

/** The input with paths into the project pointing into its copy, so hooks read the case's files. */
function intoCopy(input: Record<string, unknown>, projectDir: string, copy: string): Record<string, unknown> {
  const from = JSON.stringify(projectDir).slice(1, -1);
  const to = JSON.stringify(copy).slice(1, -1);
  return JSON.parse(JSON.stringify(input).replaceAll(from, to)) as Record<string, unknown>;
}

/** The engine options of `--tool-schemas` and `--invalid-rewrite`, the same for every case. */
export type RewriteCheckOptions = Pick<HookEngineOptions, 'toolInputSchemas' | 'invalidRewrite'>;

/** Runs one case in a fresh engine (so no session state, such as the Stop-block count, leaks). */
export async function runCase(
  scenario: Scenario,
  item: RunnableCase,
  rewriteCheck: RewriteCheckOptions = {},
): Promise<CaseRun> {
  const started = monotonicMs();
  const root =
    Object.keys(item.files).length > 0 ? await mkdtemp(join(tmpdir(), 'agent-hooks-test-')) : undefined;
  let projectDir = scenario.projectDir;
  const run = (fields: Partial<CaseRun>): CaseRun => ({
    scenario,
    item,
    configErrors: [],
    ...fields,
    durationMs: Math.round(monotonicMs() - started),
  });
  try {
    if (root) projectDir = await projectCopy(root, scenario.projectDir, item.files);
    const engine = await createHookEngine({
      ...rewriteCheck,
      cwd: projectDir,
      profile: item.profile,
      noUser: !scenario.user,
      // A case tests what the hooks do: the folder counts as trusted, as with Copilot's --trust-folder.
      copilotTrustFolder: true,
      env: { ...process.env, ...item.env },
      explain: true,
      sessionId: `agent-hooks-test-${item.index}`,
    });
    try {
      const input = root ? intoCopy(item.input, scenario.projectDir, projectDir) : item.input;
      const result = await engine.dispatch(item.event, input);
      const configErrors = engine.config.diagnostics.filter((d) => d.severity === 'error');
      return run({ result, configErrors });
    } finally {
      await engine.close();
    }
  } catch (error) {
    return run({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    if (root) await rm(root, { recursive: true, force: true });
  }
}

/** Runs `tasks` with at most `jobs` at a time, keeping their order in the results. */
export async function inParallel<T>(tasks: readonly (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, tasks.length)) }, worker));
  return results;
}
