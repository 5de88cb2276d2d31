import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { commandPointer, type FindingWhere, handlerFinding } from '../finding.ts';
import type { Finding } from '../types.ts';
import type { ProbeRun } from './run-once.ts';
import { LARGE_INPUT_BYTES } from './synthetic-input.ts';

const BLOCKING_EXIT = 2;
/** Exit codes the static checks explain (126 not executable, 127 not found). */
const SPAWN_EXITS = new Set([126, 127]);

export interface Judged {
  handler: NormalizedHandler;
  profile: ProfileName;
  run: ProbeRun;
  timeoutMs: number;
  /** The host's cap on one output string (claude-code-hooks.md §3.2). */
  capChars: number;
}

type JsonObject = Record<string, unknown>;

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JsonObject)
      : undefined;
  } catch {
    return undefined;
  }
}

/** §3.2: stdout is JSON only when, trimmed, it starts with `{` and parses. */
function stdoutJson(stdout: string): JsonObject | undefined {
  const text = stdout.trim();
  return text.startsWith('{') ? parseObject(text) : undefined;
}

/** A JSON object starting on a later line: what a banner printed first hides from the host. */
function laterJson(text: string): JsonObject | undefined {
  const at = text.indexOf('\n{');
  return at < 0 ? undefined : parseObject(text.slice(at + 1).trim());
}

/** §3.3: with exit 2 the reason is the JSON's blocking reason if it gives one, else stderr. */
function hasBlockingReason(json: JsonObject): boolean {
  const specific = json.hookSpecificOutput as JsonObject | undefined;
  const reason = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return (
    (json.decision === 'block' && reason(json.reason)) ||
    (specific?.permissionDecision === 'deny' && reason(specific.permissionDecisionReason))
  );
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 200) ?? '';
}

function outputFindings(j: Judged, where: FindingWhere, event: string): Finding[] {
  const { run, handler } = j;
  const out: Finding[] = [];
  const json = stdoutJson(run.stdout);
  const at = (code: Parameters<typeof handlerFinding>[0], message: string) =>
    out.push(handlerFinding(code, handler, { ...where, message: `${event} hook (probe): ${message}` }));
  if (json === undefined && laterJson(run.stdout) !== undefined)
    at('DOCTOR_PROBE_BANNER', `stdout starts with ${JSON.stringify(firstLine(run.stdout))} before its JSON`);
  if (json === undefined && run.stdout.trim() === '' && (stdoutJson(run.stderr) ?? laterJson(run.stderr)))
    at('DOCTOR_PROBE_JSON_ON_STDERR', 'its JSON object went to stderr; stdout was empty');
  if (json && handler.dialect === 'claude' && 'permissionDecision' in json && !('hookSpecificOutput' in json))
    at(
      'DOCTOR_PROBE_TOP_LEVEL_DECISION',
      `"permissionDecision": ${JSON.stringify(json.permissionDecision)} is at the top level`,
    );
  if (
    json &&
    j.profile === 'claude-code' &&
    run.exitCode === BLOCKING_EXIT &&
    run.stderr.trim() === '' &&
    !hasBlockingReason(json)
  )
    at('DOCTOR_PROBE_EXIT2_JSON', 'exit 2 with a JSON body and an empty stderr');
  if (run.stdout.length > j.capChars)
    at(
      'DOCTOR_PROBE_OUTPUT_OVER_CAP',
      `printed ${run.stdout.length} characters, over the ${j.capChars}-character cap`,
    );
  return out;
}

/** Claude and VS Code write `timeout`, Copilot `timeoutSec` (other-agents-hooks.md §1.1). */
function timeoutPointer(handler: NormalizedHandler): string {
  const key =
    handler.dialect === 'copilot' || handler.dialect === 'copilot-compat' ? 'timeoutSec' : 'timeout';
  return `${handler.source.pointer}/${key}`;
}

/** The findings of one probe run of one command hook. */
export function judgeRun(j: Judged): Finding[] {
  const { run, handler, profile } = j;
  const where: FindingWhere = { profile, message: '', pointer: commandPointer(handler) };
  const event = handler.event;
  if (run.spawnError !== undefined) return [];
  if (run.timedOut) {
    return [
      handlerFinding('DOCTOR_PROBE_TIMEOUT', handler, {
        ...where,
        // The timeout key when the hook sets one, else the hook: that is where the fix goes.
        pointer: handler.timeoutMs === undefined ? handler.source.pointer : timeoutPointer(handler),
        key: true,
        message: `${event} hook (probe): still running after ${j.timeoutMs / 1000} s, its timeout`,
      }),
    ];
  }
  const findings = outputFindings(j, where, event);
  if (run.stdinUnread)
    findings.push(
      handlerFinding('DOCTOR_PROBE_STDIN_UNREAD', handler, {
        ...where,
        message: `${event} hook (probe): exited without reading its ${LARGE_INPUT_BYTES / 1024} KiB input while the host was still writing it`,
      }),
    );
  const code = run.exitCode;
  if (
    code !== null &&
    code !== 0 &&
    code !== BLOCKING_EXIT &&
    !SPAWN_EXITS.has(code) &&
    findings.length === 0
  )
    findings.push(
      handlerFinding('DOCTOR_PROBE_FAILED', handler, {
        ...where,
        message: `${event} hook (probe): exit ${code}${run.stderr.trim() ? `: ${firstLine(run.stderr)}` : ''}`,
      }),
    );
  return findings;
}
