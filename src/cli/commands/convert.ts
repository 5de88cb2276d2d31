import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  CONFIG_KINDS,
  CONVERT_TARGETS,
  type ConvertTarget,
  type CopilotKeys,
  convertConfig,
  detectConfigKind,
  type LossyStep,
} from '../../config/convert/index.ts';
import type { ConfigKind } from '../../config/read-config.ts';
import type { Diagnostic } from '../../errors.ts';
import type { CliIo } from '../cli-io.ts';
import { applyConfigWrite, type ConfigWrite, planConfigWrite } from '../write/config-write.ts';

interface ConvertCliOptions {
  to: ConvertTarget;
  from?: ConfigKind;
  out?: string;
  force?: boolean;
  json: boolean;
  copilotKeys: CopilotKeys;
}

/** Streams, injectable so that tests run the command in-process. */
export interface ConvertIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function choice<T extends string>(name: string, values: readonly T[]): (value: string) => T {
  return (value) => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new Error(`${name} must be one of ${values.join(', ')}; got "${value}"`);
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
 * into (or replaced with --force). The diff of what changes goes to stdout.
 */
function writeOut(
  out: string,
  text: string,
  failed: boolean,
  options: ConvertCliOptions,
): ConfigWrite | undefined {
  if (failed) return undefined;
  const write = planConfigWrite(resolve(out), JSON.parse(text) as Record<string, unknown>, {
    force: options.force === true,
  });
  applyConfigWrite(write);
  return write;
}

function report(write: ConfigWrite | undefined, out: string, io: ConvertIo): void {
  if (write === undefined) {
    io.stderr(`${out} not written: the source has errors (fix them, then convert again)\n`);
    return;
  }
  for (const note of write.notes) io.stderr(`${out}: ${note}\n`);
  if (write.diff === '') io.stderr(`${out} already holds these hooks: nothing changed\n`);
  else io.stdout(write.diff);
}

/** Runs `convert`; returns the exit status (1 when the input has errors, so nothing is silently lost). */
export function convertCommand(file: string, options: ConvertCliOptions, io: ConvertIo): number {
  const path = resolve(file);
  const text = readFileSync(path, 'utf8');
  const from = options.from ?? detectConfigKind(path, text);
  const result = convertConfig(text, from, options.to, { file, copilotKeys: options.copilotKeys });
  const failed = result.diagnostics.some((d) => d.severity === 'error');
  const write = options.out === undefined ? undefined : writeOut(options.out, result.text, failed, options);
  if (options.json) {
    const json = {
      file,
      from,
      to: options.to,
      out: options.out ?? null,
      text: options.out === undefined ? result.text : null,
      lossy: result.lossy,
      diagnostics: result.diagnostics,
      ...(options.out === undefined
        ? {}
        : { written: write !== undefined, mode: write?.mode ?? null, diff: write?.diff ?? null }),
    };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    if (options.out === undefined) io.stdout(result.text);
    else report(write, options.out, io);
    for (const d of result.diagnostics) io.stderr(diagnosticLine(d));
    for (const step of result.lossy) io.stderr(lossyLine(step));
    if (result.lossy.length > 0)
      io.stderr(`${result.lossy.length} lossy step(s) converting ${from} to ${options.to}\n`);
  }
  return failed ? 1 : 0;
}

/** `agent-hooks convert FILE --to claude|copilot|vscode`: translate a hook file between dialects. */
export function registerConvertCommand(program: Command, io: CliIo): void {
  program
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
    .option('--force', 'with --out: replace an existing file instead of merging into it', false)
    .option(
      '--copilot-keys <style>',
      'Copilot event keys: camel (camelCase payload) | compat (PascalCase, snake_case payload)',
      choice('--copilot-keys', ['camel', 'compat'] as const),
      'camel',
    )
    .option('--json', 'print one JSON object on stdout: { text, lossy, diagnostics }', false)
    .action((file: string, options: ConvertCliOptions) => {
      io.setExitCode(convertCommand(file, options, io));
    });
}
