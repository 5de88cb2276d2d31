import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  CONFIG_KINDS,
  CONVERT_TARGETS,
  type ConvertTarget,
  type CopilotKeys,
  convertConfig,
  DIALECT_OF_KIND,
  detectConfigKind,
  type LossyStep,
} from '../../config/convert/index.ts';
import type { ConfigKind } from '../../config/read-config.ts';
import type { Diagnostic } from '../../errors.ts';
import type { CliIo } from '../cli-io.ts';
import { withCode } from '../coded-failure.ts';
import { changesDecision, choosePayload } from '../convert-payload.ts';
import { CliUsageError } from '../usage-error.ts';
import { configErrors } from '../write/config-errors.ts';
import { type ConfigWrite, planConfigWrite, WriteRefused } from '../write/config-write.ts';
import { addDryRunOption, DRY_RUN_DONE, refuseIdleDryRun, writeOrCheck } from '../write/dry-run.ts';

interface ConvertCliOptions {
  to: ConvertTarget;
  from?: ConfigKind;
  out?: string;
  force?: boolean;
  /** With --out: plan and check the write, print it, write nothing (dry-run.ts). */
  dryRun?: boolean;
  json: boolean;
  /** Undefined: chosen from what the hooks' scripts read (convert-payload.ts). */
  copilotKeys?: CopilotKeys;
  acceptLossy?: boolean;
}

/** Streams, injectable so that tests run the command in-process. */
export interface ConvertIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function choice<T extends string>(name: string, values: readonly T[]): (value: string) => T {
  return (value) => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new CliUsageError(`${name} must be one of ${values.join(', ')}; got "${value}"`);
  };
}

function where(entry: { file?: string; line?: number; column?: number; pointer?: string }): string {
  const position =
    entry.line === undefined ? '' : `:${entry.line}${entry.column === undefined ? '' : `:${entry.column}`}`;
  return `${entry.file ?? ''}${position}${entry.pointer ? ` ${entry.pointer}` : ''}`;
}

function lossyLine(step: LossyStep): string {
  return `${where(step)}: lossy: ${step.message}\n`;
}

function diagnosticLine(d: Diagnostic): string {
  return `${where(d)}: ${d.severity} ${d.code}: ${d.message}\n`;
}

/**
 * Writes `--out`: never when the source has errors; a new file is created, an existing one merged
 * into (or, when it cannot be merged or has errors for its host, replaced with --force). Hooks of
 * another dialect than the target's host reads (Copilot entries in Claude settings) are never
 * written. The target is read as the hosts read it: by its path, else its content (detectConfigKind).
 */
function writeOut(
  out: string,
  text: string,
  failed: boolean,
  options: ConvertCliOptions,
): ConfigWrite | undefined {
  if (failed) return undefined;
  const target = resolve(out);
  const kind = kindOfExisting(target);
  refuseOtherDialect(target, kind, options.to);
  const incoming = JSON.parse(text) as Record<string, unknown>;
  if (kind === 'copilot-settings') {
    // A Copilot settings file holds `hooks` inline, without the hooks file's `version` and $schema
    // (copilot-cli-observed.md; `add` writes it the same way, src/cli/init/plan-config.ts).
    delete incoming.version;
    delete incoming.$schema;
  }
  const write = planConfigWrite(target, incoming, {
    force: options.force === true,
    refuse: (before) => configErrors(target, before, detectConfigKind(target, before)),
  });
  writeOrCheck(write, options.dryRun === true);
  return write;
}

/** The kind of an existing target, read as the hosts read it; undefined when there is none to read. */
function kindOfExisting(target: string): ConfigKind | undefined {
  try {
    return detectConfigKind(target, readFileSync(target, 'utf8'));
  } catch {
    return undefined; // Missing (created in the dialect written) or unreadable (the writer says why).
  }
}

/** An existing target whose host reads another dialect than `to` would hold hooks that never run. */
function refuseOtherDialect(target: string, kind: ConfigKind | undefined, to: ConvertTarget): void {
  const holds = kind === undefined ? undefined : DIALECT_OF_KIND[kind];
  if (holds === undefined || holds === to) return;
  throw new WriteRefused(
    `not writing ${target}: it is a ${kind} file, whose host reads ${holds} hooks, not ${to} ones; use --to ${holds} to add these hooks to it, or choose another --out`,
  );
}

function report(
  write: ConfigWrite | undefined,
  out: string,
  why: string,
  io: ConvertIo,
  dryRun: boolean,
): void {
  if (write === undefined) {
    io.stderr(`${out} not written: ${why}\n`);
    return;
  }
  for (const note of write.notes) io.stderr(`${out}: ${note}\n`);
  if (write.diff === '') io.stderr(`${out} already holds these hooks: nothing changed\n`);
  else io.stdout(write.diff);
  if (dryRun) io.stdout(DRY_RUN_DONE);
}

/**
 * Runs `convert`; returns the exit status: 1 when the input has errors, or when a lossy step can
 * change a decision and `--accept-lossy` was not given (then `--out` is not written either).
 */
export function convertCommand(file: string, options: ConvertCliOptions, io: ConvertIo): number {
  if (options.out === undefined) refuseIdleDryRun(options.dryRun === true, 'convert', '--out');
  const path = resolve(file);
  const text = readFileSync(path, 'utf8');
  const from = options.from ?? detectConfigKind(path, text);
  const payload = options.to === 'copilot' ? choosePayload(path, text, from, options.copilotKeys) : undefined;
  const copilotKeys = payload?.keys ?? options.copilotKeys ?? 'camel';
  const result = convertConfig(text, from, options.to, { file, copilotKeys });
  const lossy = payload?.mismatch ? [{ ...payload.mismatch, file }, ...result.lossy] : result.lossy;
  const risky = lossy.filter(changesDecision).length;
  const errors = result.diagnostics.some((d) => d.severity === 'error');
  const refused = errors || (risky > 0 && options.acceptLossy !== true);
  const why = errors
    ? 'the source has errors (fix them, then convert again)'
    : `${risky} lossy step(s) can change a decision (review them; --accept-lossy writes anyway)`;
  const write = options.out === undefined ? undefined : writeOut(options.out, result.text, refused, options);
  if (options.json) {
    const json = {
      file,
      from,
      to: options.to,
      out: options.out ?? null,
      text: options.out === undefined ? result.text : null,
      lossy,
      diagnostics: result.diagnostics,
      ...(payload ? { copilotKeys } : {}),
      ...(options.out === undefined
        ? {}
        : {
            written: write !== undefined && options.dryRun !== true,
            mode: write?.mode ?? null,
            diff: write?.diff ?? null,
          }),
    };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    if (options.out === undefined) io.stdout(result.text);
    else report(write, options.out, why, io, options.dryRun === true);
    if (payload) io.stderr(`payload: ${payload.note}\n`);
    for (const d of result.diagnostics) io.stderr(diagnosticLine(d));
    for (const step of lossy) io.stderr(lossyLine(step));
    if (lossy.length > 0) io.stderr(`${lossy.length} lossy step(s) converting ${from} to ${options.to}\n`);
    if (risky > 0 && !errors)
      io.stderr(
        options.acceptLossy
          ? `${risky} of them can change a decision: accepted (--accept-lossy)\n`
          : `${risky} of them can change a decision: exit 1 (pass --accept-lossy to accept them)\n`,
      );
  }
  return refused ? 1 : 0;
}

/** `agent-hooks convert FILE --to claude|copilot|vscode`: translate a hook file between dialects. */
export function registerConvertCommand(program: Command, io: CliIo): void {
  const command = program
    .command('convert')
    .description('convert a hook configuration file to another dialect, listing everything that is lost')
    .argument('<file>', 'configuration file to convert')
    .requiredOption(
      '--to <dialect>',
      `target: ${CONVERT_TARGETS.join(' | ')}`,
      choice('--to', CONVERT_TARGETS),
    )
    .option(
      '--from <kind>',
      `source kind (default: detected): ${CONFIG_KINDS.join(' | ')}`,
      choice('--from', CONFIG_KINDS),
    )
    .option(
      '--out <file>',
      'write to this file instead of stdout: created, or merged into (other keys and formatting kept); prints the diff',
    )
    .option(
      '--force',
      'with --out: replace an existing file that cannot be merged into (one that can is merged)',
      false,
    )
    .option(
      '--copilot-keys <style>',
      'Copilot event keys: camel (camelCase payload) | compat (PascalCase, snake_case payload); default: the form the hook scripts read',
      choice('--copilot-keys', ['camel', 'compat'] as const),
    )
    .option('--accept-lossy', 'exit 0 and write --out even when a lossy step can change a decision', false);
  addDryRunOption(command, '--out')
    .option('--json', 'print one JSON object on stdout: { text, lossy, diagnostics }', false)
    .action((file: string, options: ConvertCliOptions) => {
      try {
        io.setExitCode(convertCommand(file, options, io));
      } catch (error) {
        // A source it cannot read, a refused --out: coded for the --json failure document.
        throw withCode('CONVERT_FAILED', error);
      }
    });
}
