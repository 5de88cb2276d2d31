// What `agent-hooks schema --json` prints besides the write document of `--vscode`, and the code
// of a schema write that failed (docs/editor.md).
import { PACKAGE_SCHEMA_BASE_URL } from '../../config/schema/schema-urls.ts';
import type { CliIo } from '../cli-io.ts';
import type { SchemaFile } from '../schema-files.ts';
import { CliUsageError } from '../usage-error.ts';
import { DRY_RUN_DONE } from '../write/dry-run.ts';
import type { WriteLog } from '../write/write-log.ts';

/**
 * `schema --json`: the list as one document, each schema with what the human list shows (its name
 * and file in the package), its published address, and the files an editor checks with it.
 */
export function listSchemasJson(files: readonly SchemaFile[], folder: string, io: CliIo): void {
  const schemas = files.map((schema) => ({
    name: schema.name,
    file: `${folder}${schema.file}`,
    url: `${PACKAGE_SCHEMA_BASE_URL}${schema.file}`,
    jsonFiles: schema.jsonFiles ?? [],
    yamlFiles: schema.yamlFiles ?? [],
  }));
  io.stdout(`${JSON.stringify({ schemas }, null, 2)}\n`);
}

/**
 * `schema --out DIR` without --vscode, once written: with --json the folder and each file written
 * or already there, and whether they were (false in a dry run); without, a dry run's last line.
 */
export function printOutDone(
  out: string,
  log: WriteLog,
  io: CliIo,
  options: { json: boolean; dryRun: boolean },
): void {
  if (!options.json) {
    if (options.dryRun) io.stdout(DRY_RUN_DONE);
    return;
  }
  const { files = [], notes, warnings } = log.said();
  const written = !options.dryRun;
  io.stdout(`${JSON.stringify({ out, files, notes, warnings, written }, null, 2)}\n`);
}

/** Why `schema --out` or `--vscode` wrote nothing: the message starts with the code (docs/errors.md). */
class SchemaWriteFailed extends Error {
  override readonly name = 'SchemaWriteFailed';
  readonly code = 'SCHEMA_WRITE_FAILED';
  constructor(error: unknown) {
    super(`SCHEMA_WRITE_FAILED: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `write`, whose failure is SCHEMA_WRITE_FAILED, a usage error (a schema VS Code maps to no file) excepted. */
export function schemaWriteFailure(write: () => void): () => void {
  return () => {
    try {
      write();
    } catch (error) {
      throw error instanceof CliUsageError ? error : new SchemaWriteFailed(error);
    }
  };
}
