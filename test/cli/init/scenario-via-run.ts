import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runCliInProcess } from '../../helpers/cli.ts';
import { writeTree } from '../../helpers/temp-dir.ts';

/** The parts of a scenario case (/work/brief/scenario-format.md) the template scenario files use. */
interface ScenarioCase {
  name: string;
  event: string;
  input: Record<string, unknown>;
  env?: Record<string, string>;
  files?: Record<string, string>;
  expect: {
    decision?: string;
    reason?: { contains: string };
    context?: { contains: string };
  };
}

export interface CaseOutcome {
  name: string;
  decision: string;
  reason: string;
  context: string;
  expected: ScenarioCase['expect'];
}

export function readScenario(file: string): { profile: string; cases: ScenarioCase[] } {
  return parse(readFileSync(file, 'utf8')) as { profile: string; cases: ScenarioCase[] };
}

/**
 * Runs each case of a scenario file through `agent-hooks run` in `projectDir` (until
 * `agent-hooks test` runs them itself): the case's files are written into the project and its
 * environment is the hooks' for the duration of the case.
 */
export async function runScenario(file: string, projectDir: string): Promise<CaseOutcome[]> {
  const { profile, cases } = readScenario(file);
  const outcomes: CaseOutcome[] = [];
  for (const one of cases) {
    if (one.files) writeTree(projectDir, one.files);
    const saved = Object.fromEntries(Object.keys(one.env ?? {}).map((key) => [key, process.env[key]]));
    Object.assign(process.env, one.env ?? {});
    try {
      const run = await runCliInProcess([
        'run',
        one.event,
        '--cwd',
        projectDir,
        '--profile',
        profile,
        '--no-user',
        '--json',
        '--input',
        JSON.stringify(one.input),
      ]);
      const json = JSON.parse(run.stdout) as {
        decision: string | null;
        reason: string | null;
        additionalContext: string[];
      };
      outcomes.push({
        name: one.name,
        decision: json.decision ?? 'none',
        reason: json.reason ?? '',
        context: json.additionalContext.join('\n'),
        expected: one.expect,
      });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }
  return outcomes;
}
