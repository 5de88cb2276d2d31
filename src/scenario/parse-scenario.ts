import type { z } from 'zod';
import { parseYamlDoc } from '../config/parse/frontmatter.ts';
import {
  type ParsedDoc,
  type PathSegment,
  parseJsonDoc,
  type SourceDoc,
} from '../config/parse/source-doc.ts';
import { didYouMean } from '../errors/did-you-mean.ts';
import { type Diagnostic, diagnostic, type ErrorCode } from '../errors.ts';
import { type ScenarioFileData, scenarioFileSchema } from './scenario-schema.ts';

export type ScenarioFormat = 'yaml' | 'json';

/** A scenario file read and checked against the format, with a way back to positions. */
export interface ParsedScenario {
  file: string;
  text: string;
  format: ScenarioFormat;
  data: ScenarioFileData;
  doc: SourceDoc;
}

/** YAML by extension (.yaml/.yml); JSON by extension or, for other names, by a leading `{`. */
export function formatOf(file: string, text: string): ScenarioFormat {
  if (/\.ya?ml$/i.test(file)) return 'yaml';
  if (/\.json$/i.test(file)) return 'json';
  return text.trimStart().startsWith('{') ? 'json' : 'yaml';
}

/** A located diagnostic of a scenario file. */
export function scenarioDiagnostic(
  code: ErrorCode,
  message: string,
  file: string,
  doc: SourceDoc | undefined,
  path: readonly PathSegment[],
  key = false,
): Diagnostic {
  const at = doc ? doc.locate(path, key) : { line: 1, column: 1 };
  const pointer = path.map((segment) => `/${String(segment)}`).join('');
  return diagnostic(code, message, { file, line: at.line, column: at.column, pointer });
}

/** Names the case a path is in, so a message says which case to fix. */
function where(data: unknown, path: readonly PathSegment[]): string {
  if (path[0] !== 'cases' || typeof path[1] !== 'number') return '';
  const item = (data as { cases?: { name?: unknown }[] }).cases?.[path[1]];
  return typeof item?.name === 'string' ? ` (case "${item.name}")` : ` (case ${path[1] + 1})`;
}

function knownKeys(schema: z.ZodType, path: readonly PathSegment[]): string[] {
  let node: unknown = schema;
  for (const segment of path) {
    const def = (node as { def?: Record<string, unknown> }).def;
    if (!def) return [];
    if (def.type === 'object') node = (def.shape as Record<string, unknown>)[String(segment)];
    else if (def.type === 'array') node = def.element;
    else return [];
    while ((node as { def?: { type?: string; innerType?: unknown } })?.def?.type === 'optional') {
      node = (node as { def: { innerType: unknown } }).def.innerType;
    }
  }
  const def = (node as { def?: { type?: string; shape?: Record<string, unknown> } })?.def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function issueDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  file: string,
  doc: SourceDoc,
  data: unknown,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    const path = issue.path as PathSegment[];
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(scenarioFileSchema, path);
      for (const name of issue.keys) {
        const guess = didYouMean(name, known);
        out.push(
          scenarioDiagnostic(
            'SCENARIO_UNKNOWN_KEY',
            `unknown key "${name}"${where(data, path)}${guess ? `; did you mean "${guess}"?` : ''} Known keys here: ${known.join(', ')}`,
            file,
            doc,
            [...path, name],
            true,
          ),
        );
      }
      continue;
    }
    const at = path.length === 0 ? 'the file' : `"${path.join('.')}"`;
    out.push(
      scenarioDiagnostic(
        'SCENARIO_INVALID_VALUE',
        `${at}${where(data, path)}: ${issue.message}`,
        file,
        doc,
        path,
      ),
    );
  }
  return out;
}

/** Parses and checks a scenario file's text; every problem is a located diagnostic. */
export function parseScenario(file: string, text: string): ParsedScenario | Diagnostic[] {
  const format = formatOf(file, text);
  const parsed: ParsedDoc = format === 'yaml' ? parseYamlDoc(text, 0) : parseJsonDoc(text, true);
  if (!parsed.ok) {
    return parsed.problems.map((problem) =>
      diagnostic(
        'SCENARIO_UNREADABLE',
        `${file} is not valid ${format.toUpperCase()}: ${problem.message}${problem.found.startsWith('"') ? ` (found ${problem.found})` : ''}`,
        { file, line: problem.line, column: problem.column },
      ),
    );
  }
  const checked = scenarioFileSchema.safeParse(parsed.doc.value ?? {});
  if (!checked.success) return issueDiagnostics(checked.error.issues, file, parsed.doc, parsed.doc.value);
  return { file, text, format, data: checked.data, doc: parsed.doc };
}
