// `bridge install --tool-schemas FILE`: which file a relative FILE names, and the word the installed
// command names it by, so that the host finds that same file whatever folder install ran in.
import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { HookError } from '../../errors.ts';
import { readToolSchemas } from '../tool-schemas-file.ts';

/**
 * The schema file `given` names: a relative path is taken from the project (`--cwd`), as `init
 * --to` and `schema --out` take theirs, because the host runs the installed command there, not in
 * the folder install ran in. With no `--cwd` the two are the same folder.
 */
export function schemasPath(given: string, projectDir: string): string {
  return resolve(projectDir, given);
}

/**
 * For install, the file must be there and usable now (the same check as `bridge` makes): a missing
 * one is refused with where it was looked for and, when the folder install ran in holds a file of
 * that name, the path that names it.
 */
export async function checkSchemasFile(given: string, projectDir: string, shellDir: string): Promise<void> {
  const path = schemasPath(given, projectDir);
  if (existsSync(path)) {
    await readToolSchemas(path);
    return;
  }
  const besides = resolve(shellDir, given);
  const hint =
    besides !== path && existsSync(besides)
      ? `; the folder you ran this in has ${besides}: pass that path to use it`
      : `; name it by its path from ${projectDir}, or by an absolute path`;
  throw new HookError(
    'CONFIG_TOOL_SCHEMAS_INVALID',
    `--tool-schemas ${given}: there is no file ${path} (a relative path is taken from the project, --cwd ${projectDir}), where a JSON object of tool name → input JSON Schema was expected${hint}`,
  );
}

/**
 * The file as the installed command names it: relative to the project when it is inside it, so
 * the entries work in every clone (install.ts anchors it where the host's hooks may start
 * elsewhere), else absolute.
 */
export function schemasWordPath(path: string, projectDir: string): string {
  const inProject = relative(projectDir, path);
  return inProject.startsWith('..') || isAbsolute(inProject) ? path : inProject;
}
