import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { PACKAGE_SCHEMA_BASE_URL } from '../../config/schema/schema-urls.ts';
import { didYouMean } from '../../errors/did-you-mean.ts';
import type { CliIo } from '../cli-io.ts';
import type { SchemaFile } from '../schema-files.ts';
import { CliUsageError } from '../usage-error.ts';
import { planConfigWrite, WriteRefused, writeTarget } from '../write/config-write.ts';
import { addDryRunOption, refuseIdleDryRun, writeOrCheck } from '../write/dry-run.ts';
import { mergeSchemaSettings } from '../write/settings-merge.ts';
import { unreadable } from '../write/unreadable.ts';
import { type FileStatus, reportingFailure } from '../write/write-json.ts';
import { WriteLog } from '../write/write-log.ts';
import { listSchemasJson, printOutDone, schemaWriteFailure } from './schema-json.ts';

interface SchemaOptions {
  cwd: string;
  out?: string;
  vscode: boolean;
  force: boolean;
  json: boolean;
  /** With --out or --vscode: check and print every write, make none (dry-run.ts). */
  dryRun: boolean;
}

/** VS Code's workspace settings, where `json.schemas` and `yaml.schemas` live. */
const VSCODE_SETTINGS = join('.vscode', 'settings.json');
/** Where an installed agent-hooks keeps its schemas, relative to the project. */
const INSTALLED_SCHEMAS = join('node_modules', 'agent-hooks', 'schema');

/** `PreToolUse.input`, `events/PreToolUse.input`, `scenario.schema.json`: any letter case. */
function findSchema(files: readonly SchemaFile[], wanted: string): SchemaFile {
  const key = wanted
    .replace(/\.schema\.json$/, '')
    .replace(/^events\//, '')
    .toLowerCase();
  const found = files.find((f) => f.name.replace(/^events\//, '').toLowerCase() === key);
  if (found) return found;
  const guess = didYouMean(
    wanted,
    files.map((f) => f.name),
  );
  const hint = guess ? `did you mean ${guess}? ` : '';
  throw new CliUsageError(`no schema named "${wanted}"; ${hint}run \`agent-hooks schema\` for the list`);
}

function listSchemas(files: readonly SchemaFile[], io: CliIo): void {
  io.stdout('JSON Schemas of agent-hooks (`agent-hooks schema NAME` prints one, `--out DIR` writes them):\n');
  for (const file of files) io.stdout(`  ${file.name.padEnd(44)} schema/${file.file}\n`);
}

type Found = { kind: 'none' | 'folder' } | { kind: 'file'; text: string } | { kind: 'other'; why: string };

/** What is at `path` now, without following a symbolic link (writing through one writes elsewhere). */
function existing(path: string): Found {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink())
      return { kind: 'other', why: `it is a symbolic link to ${readlinkSync(path)}` };
    if (stat.isDirectory()) return { kind: 'folder' };
    if (!stat.isFile()) return { kind: 'other', why: 'it is not a regular file' };
    return { kind: 'file', text: readFileSync(path, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    const { why, fix } = unreadable(path, error);
    return { kind: 'other', why: `it ${why} (${fix})` };
  }
}

/** Why nothing may be written at `target` (in a subfolder of `out` such as events/), if so. */
function blocked(target: string, out: string): string | undefined {
  const folder = dirname(target);
  const inFolder = folder === out ? undefined : existing(folder);
  if (inFolder?.kind === 'other') return `${folder}: ${inFolder.why}`;
  if (inFolder?.kind === 'file') return `${folder}: it is a file, where a folder belongs`;
  const now = existing(target);
  if (now.kind === 'other') return `${target}: ${now.why}`;
  if (now.kind === 'folder') return `${target}: it is a folder`;
  return undefined;
}

/**
 * Writes each schema into `out`, after checking all of them: a file already up to date stays, one
 * with other content is replaced only with --force, and a symbolic link (to a file or to a folder
 * such as events/) is never written through, since that writes somewhere else; nor is a file this
 * user may not write or create. Nothing is written when any is refused, nor in a dry run.
 */
function writeSchemas(
  files: readonly SchemaFile[],
  out: string,
  options: SchemaOptions,
  log: WriteLog,
): void {
  const writes: { target: string; text: string }[] = [];
  const refused: string[] = [];
  const differ: string[] = [];
  // Listed once every file is checked: a refusal leaves none, since none is written then.
  const listed: [string, FileStatus][] = [];
  for (const schema of files) {
    const target = join(out, schema.file);
    const text = schema.render();
    const why = blocked(target, out);
    if (why !== undefined) {
      refused.push(why);
      continue;
    }
    const now = existing(target);
    if (now.kind === 'file' && now.text === text) {
      listed.push([target, 'same']);
      continue;
    }
    if (now.kind === 'file' && !options.force) differ.push(target);
    const denied = permission(target, now.kind === 'file');
    if (denied !== undefined) refused.push(denied);
    writes.push({ target, text });
    listed.push([target, now.kind === 'file' ? 'replace' : 'create']);
  }
  const problems = [
    ...new Set(refused),
    ...differ.map((target) => `${target}: it has other content (pass --force to replace it)`),
  ];
  if (problems.length > 0) {
    const more = problems.length > 10 ? `\n  … and ${problems.length - 10} more` : '';
    throw new WriteRefused(
      `schema --out: nothing written to ${out}; remove or move these out of the way, or choose another --out:\n  ${problems.slice(0, 10).join('\n  ')}${more}`,
    );
  }
  for (const [target, status] of listed) log.listedFile(target, status);
  if (!options.dryRun)
    for (const { target, text } of writes) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  const unchanged = files.length - writes.length;
  const same = unchanged > 0 ? ` (${unchanged} already up to date)` : '';
  const wrote = options.dryRun ? 'would write' : 'wrote';
  log.note(`${wrote} ${writes.length} schema file(s) to ${out}${same}`);
}

/** Why this user may not write `target` (the writer's own check, config-write.ts), if so. */
function permission(target: string, exists: boolean): string | undefined {
  try {
    writeTarget(target, exists);
    return undefined;
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error;
    return `${target}: ${error.message.replace(/^not writing [^:]*: /, '')}`;
  }
}

/** The `url` VS Code loads a schema from: the written copy, the installed package, else unpkg. */
function urlFor(schema: SchemaFile, projectDir: string, out: string | undefined): string {
  if (out !== undefined) return `./${relative(projectDir, join(out, schema.file))}`;
  if (existsSync(join(projectDir, INSTALLED_SCHEMAS))) return `./${join(INSTALLED_SCHEMAS, schema.file)}`;
  return `${PACKAGE_SCHEMA_BASE_URL}${schema.file}`;
}

/** Adds the mappings to `.vscode/settings.json` through the shared merge writer; prints the diff. */
function mapInVscode(
  files: readonly SchemaFile[],
  options: SchemaOptions,
  out: string | undefined,
  log: WriteLog,
): void {
  const projectDir = resolve(options.cwd);
  const json = files.flatMap((schema) =>
    schema.jsonFiles ? [{ fileMatch: schema.jsonFiles, url: urlFor(schema, projectDir, out) }] : [],
  );
  const yaml = Object.fromEntries(
    files.flatMap((schema) =>
      schema.yamlFiles ? [[urlFor(schema, projectDir, out), schema.yamlFiles]] : [],
    ),
  );
  if (json.length === 0)
    throw new CliUsageError('--vscode: this schema has no files VS Code could map it to');
  const incoming = {
    'json.schemas': json,
    ...(Object.keys(yaml).length > 0 ? { 'yaml.schemas': yaml } : {}),
  };
  const file = join(projectDir, VSCODE_SETTINGS);
  const write = planConfigWrite(file, incoming, { force: options.force, merge: mergeSchemaSettings });
  writeOrCheck(write, options.dryRun);
  log.wrote(write, 'the schemas are already mapped, nothing changed');
  log.finish({ host: 'vscode', file, kind: 'vscode-settings' });
}

async function runSchema(name: string | undefined, options: SchemaOptions, io: CliIo): Promise<void> {
  const { schemaFiles, SCHEMA_DIR } = await import('../schema-files.ts');
  const all = schemaFiles();
  const chosen = name === undefined ? all : [findSchema(all, name)];
  const log = new WriteLog(io, options.json, options.dryRun);
  const out = options.out === undefined ? undefined : resolve(options.cwd, options.out);
  if (out === undefined && !options.vscode) refuseIdleDryRun(options.dryRun, 'schema', '--out or --vscode');
  if (out !== undefined || options.vscode) {
    // Under --json a failure is one document too, as for init, add and bridge install.
    await reportingFailure(
      io,
      options.json,
      () => log.said(),
      schemaWriteFailure(() => {
        if (out !== undefined) writeSchemas(chosen, out, options, log);
        if (options.vscode) mapInVscode(chosen, options, out, log);
        else if (out !== undefined) printOutDone(out, log, io, options);
      }),
    );
    return;
  }
  // A schema is one JSON document already: --json prints it as without.
  if (name !== undefined) io.stdout((chosen[0] as SchemaFile).render());
  else if (options.json) listSchemasJson(all, SCHEMA_DIR, io);
  else listSchemas(all, io);
}

/** `agent-hooks schema`: the package's JSON Schemas, printed, written, or mapped in VS Code. */
export function registerSchemaCommand(program: Command, io: CliIo): void {
  const command = program
    .command('schema')
    .description(
      'print or write the JSON Schemas (configuration, scenario files, each event), or map them in VS Code',
    )
    .argument(
      '[name]',
      'the schema to print (claude-settings, scenario, PreToolUse.input, …); none: list them',
    )
    .option('--out <dir>', 'write the schemas (or the one named) into DIR, events/ for the per-event ones')
    .option(
      '--vscode',
      'add json.schemas (and yaml.schemas) mappings to .vscode/settings.json, printing the diff',
      false,
    )
    .option(
      '--force',
      'with --out: replace schema files whose content differs; with --vscode: replace a settings.json that cannot be merged into',
      false,
    )
    .option('--cwd <dir>', 'project directory (where .vscode/ is)', process.cwd());
  addDryRunOption(command, '--out or --vscode')
    .option(
      '--json',
      'print one JSON document: the list ({ schemas }), the schema named, the --out files ({ out, files, notes, warnings }), or with --vscode the write (as init and add do)',
      false,
    )
    .action(async (name: string | undefined, options: SchemaOptions) => runSchema(name, options, io));
}
