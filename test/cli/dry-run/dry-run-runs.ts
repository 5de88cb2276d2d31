// Runs a writing command of the built CLI with `--dry-run` and then without, in a project whose
// whole state (tree-state.ts) the dry run must leave as it was.
import { expect } from 'vitest';
import { type CliRun, spawnBuiltCli } from '../../helpers/cli.ts';
import { ageTree, treeState } from '../../helpers/tree-state.ts';

type SpawnOptions = Parameters<typeof spawnBuiltCli>[1];

/** The dry run (`--dry-run` added to `args`), which must leave `project` exactly as it was. */
export async function dryRun(project: string, args: string[], options: SpawnOptions = {}): Promise<CliRun> {
  ageTree(project);
  const before = treeState(project);
  const run = await spawnBuiltCli([...args, '--dry-run'], options);
  expect(treeState(project)).toEqual(before);
  return run;
}

/** The dry run, then the real one: both as they came out. */
export async function dryThenReal(
  project: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<{ dry: CliRun; real: CliRun }> {
  const dry = await dryRun(project, args, options);
  const real = await spawnBuiltCli(args, options);
  return { dry, real };
}

/** The human output of a dry run is the real run's with the dry run's last line added. */
export const DRY_RUN_LINE = 'Dry run: nothing written.\n';

/**
 * A refusal: the dry run fails exactly as the real run does (exit status, stderr, stdout), and
 * the real run changes nothing either.
 */
export async function refusedAlike(
  project: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<CliRun> {
  const dry = await dryRun(project, args, options);
  const before = treeState(project);
  const real = await spawnBuiltCli(args, options);
  expect(treeState(project)).toEqual(before);
  expect(real.code).toBe(1);
  expect(dry).toEqual(real);
  return real;
}
