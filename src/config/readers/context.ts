import type { z } from 'zod';
import { didYouMean } from '../../errors/did-you-mean.ts';
import { type Diagnostic, diagnostic, type ErrorCode, type Severity } from '../../errors.ts';
import { MAX_TIMEOUT_SEC } from '../../model/handler.ts';
import type { SourceRef } from '../../model/source.ts';
import { CONFIG_SHAPES, type ConfigModelName } from '../generated/config-shapes.ts';
import { lookup } from '../parse/event-keys.ts';
import { type PathSegment, type SourceDoc, toPointer } from '../parse/source-doc.ts';
import type { ReadOptions } from '../read-types.ts';
import type { ConfigModels } from './config-models.ts';
import { issueMessage } from './issue-message.ts';
import { passesQuickCheck, unknownKeysOnly } from './quick-check.ts';

/** A seconds value at or above this that is a whole multiple of 1000 was probably meant as ms. */
const SUSPICIOUS_TIMEOUT_SEC = 1000;
const MS_PER_SEC = 1000;

export interface Where {
  /** Overrides the code's default severity (e.g. `info` for a host quirk worth knowing). */
  severity?: Severity;
  expected?: string;
  found?: string;
  suggestion?: string;
  event?: string;
  /** Point at the property key instead of its value (unknown keys and events). */
  key?: boolean;
}

/**
 * Thrown by a read without the zod models when a value fails the quick check: the caller reads
 * the file again with the models, so every diagnostic is zod's, as if it had been there from the
 * start (read-core.ts).
 */
export class NeedsModels extends Error {
  constructor() {
    super('this configuration needs the zod models to be described');
  }
}

/** What every reader shares: the options, the located document and the diagnostics so far. */
export class ReadContext {
  readonly diagnostics: Diagnostic[] = [];
  constructor(
    readonly options: ReadOptions,
    readonly doc: SourceDoc,
    /** The zod models; without them a value the quick check does not accept throws NeedsModels. */
    private readonly models?: ConfigModels,
  ) {}

  /** True when `value` passes the quick check of the model `name` (zod would find no issue). */
  quickCheck(name: ConfigModelName, value: unknown): boolean {
    return passesQuickCheck(CONFIG_SHAPES[name], value);
  }

  /** The zod models, for a value the quick check does not accept. */
  zodModels(): ConfigModels {
    if (this.models === undefined) throw new NeedsModels();
    return this.models;
  }

  report(code: ErrorCode, message: string, path: readonly PathSegment[], where: Where = {}): Diagnostic {
    const { key, severity, ...rest } = where;
    const position = this.doc.locate(path, key);
    const found = diagnostic(code, message, {
      file: this.options.file,
      ...position,
      pointer: toPointer(path),
      ...rest,
      ...(severity === undefined ? {} : { severity }),
    });
    if (this.options.strict === true && found.severity === 'warning') found.severity = 'error';
    this.diagnostics.push(found);
    return found;
  }

  source(path: readonly PathSegment[]): SourceRef {
    const { file, scope, pluginRoot, pluginData, namespace } = this.options;
    return compact({
      file,
      pointer: toPointer(path),
      scope,
      ...this.doc.locate(path),
      pluginRoot,
      pluginData,
      namespace,
    });
  }

  /**
   * Validates one object against the configuration model `name`: the quick check first, zod for
   * what it does not accept. Unknown keys are warnings (with a
   * did-you-mean, `aliases` first); any other issue is an error and the object is rejected.
   */
  check(
    name: ConfigModelName,
    value: Record<string, unknown>,
    path: readonly PathSegment[],
    aliases: Readonly<Record<string, string>> = {},
    event?: string,
  ): boolean {
    const known = Object.keys(CONFIG_SHAPES[name].fields);
    // Unknown keys alone are warnings the quick check can word as zod's issue would be worded.
    const unknownKeys = unknownKeysOnly(CONFIG_SHAPES[name], value);
    if (unknownKeys !== undefined) {
      this.unknownKeys(unknownKeys, known, path, aliases, event);
      return true;
    }
    const result = this.zodModels().objects[name].safeParse(value);
    if (result.success) return true;
    let ok = true;
    for (const issue of result.error.issues) {
      const at = [...path, ...(issue.path as PathSegment[])];
      if (this.timeoutTooLarge(issue, value, at, event)) continue;
      if (issue.code === 'unrecognized_keys') {
        this.unknownKeys(issue.keys, known, at, aliases, event);
        continue;
      }
      ok = false;
      const actual = valueAt(value, issue.path as PathSegment[]);
      this.report(
        'CONFIG_INVALID_FIELD',
        issueMessage(issue, actual === undefined ? undefined : describe(actual)),
        at,
        {
          expected: expectedOf(issue),
          found: describe(actual),
          ...(event === undefined ? {} : { event }),
        },
      );
    }
    return ok;
  }

  /** CONFIG_UNKNOWN_KEY for each of `names` at `at`, with a did-you-mean (`aliases` first). */
  private unknownKeys(
    names: readonly string[],
    known: readonly string[],
    at: readonly PathSegment[],
    aliases: Readonly<Record<string, string>>,
    event: string | undefined,
  ): void {
    for (const name of names) {
      const suggestion = lookup(aliases, name) ?? didYouMean(name, known);
      this.report(
        'CONFIG_UNKNOWN_KEY',
        `Unknown key "${name}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
        [...at, name],
        {
          key: true,
          expected: `one of ${known.join(', ')}`,
          found: name,
          ...(suggestion === undefined ? {} : { suggestion }),
          ...(event === undefined ? {} : { event }),
        },
      );
    }
  }

  /**
   * A timeout over `MAX_TIMEOUT_SEC` (or Infinity, which JSON's `1e400` parses to) is an error the
   * user must fix, but it must not drop the handler: a guard that vanished fails open. The handler
   * stays, with the timeout clamped by `timeoutMs`.
   */
  private timeoutTooLarge(
    issue: z.core.$ZodIssue,
    value: Record<string, unknown>,
    at: readonly PathSegment[],
    event: string | undefined,
  ): boolean {
    const key = issue.path.at(-1);
    if (issue.path.length !== 1 || (key !== 'timeout' && key !== 'timeoutSec')) return false;
    const found = value[key];
    if (typeof found !== 'number' || !(found > MAX_TIMEOUT_SEC)) return false;
    this.report(
      'CONFIG_TIMEOUT_TOO_LARGE',
      `Timeout ${found} s is over the ${MAX_TIMEOUT_SEC} s limit; the hook runs with ${MAX_TIMEOUT_SEC} s`,
      at,
      {
        expected: `seconds <= ${MAX_TIMEOUT_SEC}`,
        found: String(found),
        suggestion: String(MAX_TIMEOUT_SEC),
        ...(event === undefined ? {} : { event }),
      },
    );
    return true;
  }

  /** Converts a seconds field to ms (clamped to `MAX_TIMEOUT_SEC`), warning when it looks like ms. */
  timeoutMs(seconds: unknown, path: readonly PathSegment[], event?: string): number | undefined {
    if (typeof seconds !== 'number' || !(seconds > 0)) return undefined;
    if (seconds > MAX_TIMEOUT_SEC) return MAX_TIMEOUT_SEC * MS_PER_SEC;
    if (seconds >= SUSPICIOUS_TIMEOUT_SEC && seconds % MS_PER_SEC === 0) {
      this.report(
        'CONFIG_TIMEOUT_UNIT',
        `Timeout ${seconds} is in seconds (${(seconds / 3600).toFixed(1)} h); probably meant milliseconds`,
        path,
        {
          expected: 'seconds',
          found: String(seconds),
          suggestion: String(seconds / MS_PER_SEC),
          ...(event === undefined ? {} : { event }),
        },
      );
    }
    return seconds * MS_PER_SEC;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'object') return 'object';
  return `${typeof value} ${String(value)}`;
}

/** Drops undefined properties so results compare and print cleanly. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

function expectedOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return issue.values.map((entry) => JSON.stringify(entry)).join(' | ');
    case 'too_small':
      return issue.origin === 'number'
        ? `number ${issue.inclusive ? '>=' : '>'} ${issue.minimum}`
        : `${issue.origin} of size >= ${issue.minimum}`;
    case 'too_big':
      return `${issue.origin} <= ${issue.maximum}`;
    default:
      return issue.message;
  }
}
