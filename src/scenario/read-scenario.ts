import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { PathSegment } from '../config/parse/source-doc.ts';
import { type Diagnostic, diagnostic } from '../errors.ts';
import { resolveEventName, suggestEventName } from '../events/dialect-names.ts';
import { TOOL_CALL_EVENTS } from '../events/event-sets.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { type ParsedScenario, parseScenario, scenarioDiagnostic } from './parse-scenario.ts';
import { sampleInputFor, splitSampleName } from './samples.ts';
import type { Expectations, ScenarioCase } from './scenario-schema.ts';

/** One case, ready to run: event resolved, input built, host and project chosen. */
export interface RunnableCase {
  index: number;
  name: string;
  line: number;
  column: number;
  event: EventName;
  profile: ProfileName;
  input: Record<string, unknown>;
  env: Record<string, string>;
  files: Record<string, string>;
  expect: Expectations | undefined;
}

export interface Scenario extends ParsedScenario {
  projectDir: string;
  user: boolean;
  cases: RunnableCase[];
}

export type ScenarioRead = { ok: true; scenario: Scenario } | { ok: false; diagnostics: Diagnostic[] };

/** The profile a case runs under when neither it nor its file names one. */
const DEFAULT_PROFILE: ProfileName = 'claude-code';

type ResolvedEvent = { event: EventName; error?: undefined } | { error: string };

/** An event name in any dialect's spelling and any letter case, as the CLI accepts it. */
function eventOf(name: string): ResolvedEvent {
  const exact = resolveEventName(name);
  if (exact) return { event: exact.event };
  const guess = suggestEventName(name);
  const folded = guess?.toLowerCase() === name.toLowerCase() ? resolveEventName(guess ?? '') : undefined;
  if (folded) return { event: folded.event };
  const hint = guess ? `; did you mean ${guess}?` : '';
  return {
    error: `unknown event "${name}"${hint} (names such as PreToolUse, preToolUse or agentStop; docs/events.md lists every event)`,
  };
}

/** The problems of one case, each located at the value to fix. */
function caseProblems(parsed: ParsedScenario, item: ScenarioCase, index: number): Diagnostic[] {
  const at = (path: PathSegment[], code: Parameters<typeof scenarioDiagnostic>[0], message: string) =>
    scenarioDiagnostic(code, `case "${item.name}": ${message}`, parsed.file, parsed.doc, [
      'cases',
      index,
      ...path,
    ]);
  const out: Diagnostic[] = [];
  const event = eventOf(item.event);
  if (event.error !== undefined) out.push(at(['event'], 'SCENARIO_UNKNOWN_EVENT', event.error));
  if (item.sample !== undefined) {
    const sample = splitSampleName(item.sample);
    const resolved = eventOf(sample.event);
    if (resolved.error !== undefined) {
      out.push(at(['sample'], 'SCENARIO_UNKNOWN_EVENT', `sample: ${resolved.error}`));
    } else if (sample.tool && !TOOL_CALL_EVENTS.has(resolved.event)) {
      const fix = `write the sample without ":${sample.tool}"`;
      out.push(at(['sample'], 'SCENARIO_INVALID_VALUE', `${resolved.event} is not a tool event; ${fix}`));
    }
  }
  for (const [key, text] of Object.entries({ reason: item.expect?.reason, context: item.expect?.context })) {
    if (typeof text !== 'object' || !('matches' in text)) continue;
    try {
      new RegExp(text.matches);
    } catch (error) {
      out.push(at(['expect', key, 'matches'], 'SCENARIO_INVALID_VALUE', (error as Error).message));
    }
  }
  return out;
}

/** The case's input: its `input` over the sample, as the case's host sends the sample. */
function buildInput(item: ScenarioCase, profile: ProfileName, projectDir: string): Record<string, unknown> {
  if (item.sample === undefined) return { ...(item.input ?? {}) };
  const sample = splitSampleName(item.sample);
  const { event } = eventOf(sample.event) as { event: EventName };
  const spec = { event, ...(sample.tool ? { tool: sample.tool } : {}) };
  return { ...sampleInputFor(spec, profile, projectDir), ...item.input };
}

function hasToolName(input: Record<string, unknown>): boolean {
  return typeof input.tool_name === 'string' || typeof input.toolName === 'string';
}

/** Resolves every case of a checked file; any problem makes the whole file an error. */
function resolveCases(parsed: ParsedScenario): ScenarioRead {
  const projectDir = resolve(dirname(parsed.file), parsed.data.cwd ?? '.');
  const diagnostics: Diagnostic[] = [];
  const cases: RunnableCase[] = [];
  const seen = new Set<string>();
  parsed.data.cases.forEach((item, index) => {
    const problems = caseProblems(parsed, item, index);
    if (seen.has(item.name)) {
      problems.push(
        scenarioDiagnostic(
          'SCENARIO_INVALID_VALUE',
          `two cases are named "${item.name}"; give each its own name`,
          parsed.file,
          parsed.doc,
          ['cases', index, 'name'],
        ),
      );
    }
    seen.add(item.name);
    diagnostics.push(...problems);
    if (problems.length > 0) return;
    const { event } = eventOf(item.event) as { event: EventName };
    const profile = (item.profile ?? parsed.data.profile ?? DEFAULT_PROFILE) as ProfileName;
    const input = buildInput(item, profile, projectDir);
    const position = parsed.doc.locate(['cases', index]);
    if (TOOL_CALL_EVENTS.has(event) && !hasToolName(input)) {
      diagnostics.push(
        scenarioDiagnostic(
          'SCENARIO_MISSING_TOOL',
          `case "${item.name}": ${event} is a tool event and its input has no tool_name; add input.tool_name and input.tool_input, or sample: ${event}:Bash`,
          parsed.file,
          parsed.doc,
          ['cases', index, 'event'],
        ),
      );
      return;
    }
    cases.push({
      index,
      name: item.name,
      ...position,
      event,
      profile,
      input,
      env: item.env ?? {},
      files: item.files ?? {},
      expect: item.expect,
    });
  });
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  return { ok: true, scenario: { ...parsed, projectDir, user: parsed.data.user ?? false, cases } };
}

/** Reads, checks and resolves one scenario file. */
export async function readScenario(file: string): Promise<ScenarioRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const message = `cannot read scenario file ${file} (${code}); check the path`;
    return { ok: false, diagnostics: [diagnostic('SCENARIO_UNREADABLE', message, { file })] };
  }
  const parsed = parseScenario(file, text);
  if (Array.isArray(parsed)) return { ok: false, diagnostics: parsed };
  return resolveCases(parsed);
}
