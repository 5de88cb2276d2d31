// `npm run soak`: many dispatches through one engine (a function hook and a command hook on each),
// a fixed number in flight at once, to show that memory and descriptors stay flat and that the
// audit log holds every run (issue 13 "The standing suite"). Prints throughput, RSS and open
// descriptors at start and end. `--count N` (default 10,000), `--concurrency N` (default 16),
// `--json` (one JSON object on stdout). test/adversarial/soak.test.ts runs a short version.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAuditLog, createHookEngine, type NormalizedHandler } from '../src/index.ts';

export interface SoakOptions {
  count: number;
  concurrency: number;
}

export interface SoakReport {
  count: number;
  concurrency: number;
  seconds: number;
  dispatchesPerSecond: number;
  rssStartBytes: number;
  rssEndBytes: number;
  /**
   * V8 heap in use after a full collection, at start and end: growth here is retained objects (a
   * leak), while RSS also holds the allocator's high-water mark. Null unless node runs with
   * --expose-gc (npm run soak does).
   */
  heapAfterGcStartBytes: number | null;
  heapAfterGcEndBytes: number | null;
  /** Open descriptors of this process; null where /proc/self/fd does not exist. */
  fdStart: number | null;
  fdEnd: number | null;
  /** Audit lines expected (two hooks per dispatch) and found. */
  auditExpected: number;
  auditFound: number;
  /** Dispatches whose two audit lines are not both there. */
  auditMissing: number;
  /** Dispatches whose decision was not the hooks' deny. */
  wrongDecisions: number;
}

export const DEFAULT_SOAK: SoakOptions = { count: 10_000, concurrency: 16 };
/** Dispatches before the start measurement, so lazily loaded modules and pools count as start. */
const WARM_UP_DISPATCHES = 32;
/** How long the end measurement waits for pipes of exited hooks to close. */
const DESCRIPTOR_SETTLE_MS = 2_000;
const SETTLE_POLL_MS = 20;
const HOOKS_PER_DISPATCH = 2;

function heapAfterGc(): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return null;
  gc();
  return process.memoryUsage().heapUsed;
}

function heapLine(r: SoakReport): string {
  if (r.heapAfterGcStartBytes === null || r.heapAfterGcEndBytes === null)
    return 'n/a (run node with --expose-gc)';
  return `${mib(r.heapAfterGcStartBytes)} at start, ${mib(r.heapAfterGcEndBytes)} at end`;
}

function openDescriptors(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

const functionHook: NormalizedHandler = {
  type: 'function',
  event: 'PreToolUse',
  eventKey: 'PreToolUse',
  dialect: 'claude',
  source: { file: '<soak>', pointer: '/function', scope: 'session' },
  matcher: 'Bash',
  spec: { id: 'soak-function', callback: () => ({}) },
};

/** The command hook reads its input and denies, as a guard would. */
const COMMAND_HOOK = 'cat >/dev/null; echo "soak deny" >&2; exit 2';

function input(session: string) {
  return {
    session_id: session,
    transcript_path: '/tmp/soak.jsonl',
    cwd: '/tmp',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf /' },
    tool_use_id: 'toolu_soak',
  } as const;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-soak-'));
  const auditFile = join(dir, 'audit.jsonl');
  const audit = createAuditLog(auditFile);
  const engine = await createHookEngine({
    discover: false,
    onTelemetry: audit.listener,
    handlers: [functionHook],
    sources: [
      {
        file: 'soak-settings.json',
        kind: 'claude-settings',
        scope: 'session',
        config: {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: COMMAND_HOOK }] }] },
        },
      },
    ],
  });
  try {
    for (let i = 0; i < WARM_UP_DISPATCHES; i++) await engine.dispatch('PreToolUse', input(`warm-${i}`));
    const fdStart = openDescriptors();
    const heapAfterGcStartBytes = heapAfterGc();
    const rssStartBytes = process.memoryUsage().rss;
    const started = performance.now();
    let next = 0;
    let wrongDecisions = 0;
    const worker = async (): Promise<void> => {
      while (next < options.count) {
        const i = next++;
        const result = await engine.dispatch('PreToolUse', input(`soak-${i}`));
        if (result.decision !== 'deny') wrongDecisions += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    const seconds = (performance.now() - started) / 1000;
    const fdEnd = await settledDescriptors(fdStart);
    const rssEndBytes = process.memoryUsage().rss;
    const heapAfterGcEndBytes = heapAfterGc();
    const { found, missing } = auditCompleteness(auditFile, options.count);
    return {
      ...options,
      seconds,
      dispatchesPerSecond: options.count / seconds,
      rssStartBytes,
      rssEndBytes,
      heapAfterGcStartBytes,
      heapAfterGcEndBytes,
      fdStart,
      fdEnd,
      auditExpected: options.count * HOOKS_PER_DISPATCH,
      auditFound: found,
      auditMissing: missing,
      wrongDecisions,
    };
  } finally {
    await engine.close();
    await audit.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Descriptors once the exited hooks' pipes have closed (or the settle time has passed). */
async function settledDescriptors(start: number | null): Promise<number | null> {
  const deadline = Date.now() + DESCRIPTOR_SETTLE_MS;
  let count = openDescriptors();
  while (start !== null && count !== null && count > start && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    count = openDescriptors();
  }
  return count;
}

function auditCompleteness(file: string, count: number): { found: number; missing: number } {
  const perSession = new Map<string, number>();
  let found = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const session = (JSON.parse(line) as { session: string }).session;
    if (!session.startsWith('soak-')) continue;
    found += 1;
    perSession.set(session, (perSession.get(session) ?? 0) + 1);
  }
  let missing = 0;
  for (let i = 0; i < count; i++) if (perSession.get(`soak-${i}`) !== HOOKS_PER_DISPATCH) missing += 1;
  return { found, missing };
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function render(r: SoakReport): string {
  return [
    `${r.count} dispatches, ${r.concurrency} at once, a function and a command hook each`,
    `throughput: ${r.dispatchesPerSecond.toFixed(0)} dispatches/s (${r.seconds.toFixed(1)} s)`,
    `RSS: ${mib(r.rssStartBytes)} at start, ${mib(r.rssEndBytes)} at end`,
    `heap after a full GC: ${heapLine(r)}`,
    `open descriptors: ${r.fdStart ?? 'n/a'} at start, ${r.fdEnd ?? 'n/a'} at end`,
    `audit log: ${r.auditFound} of ${r.auditExpected} runs${r.auditMissing === 0 ? ', every run' : `, ${r.auditMissing} dispatches incomplete`}`,
    `decisions: ${r.wrongDecisions === 0 ? 'every dispatch denied' : `${r.wrongDecisions} not denied`}`,
  ].join('\n');
}

function positive(text: string | undefined, fallback: number, flag: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`soak: ${flag} must be a positive integer, got ${text}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: 'string' }, concurrency: { type: 'string' }, json: { type: 'boolean' } },
  });
  const report = await runSoak({
    count: positive(values.count, DEFAULT_SOAK.count, '--count'),
    concurrency: positive(values.concurrency, DEFAULT_SOAK.concurrency, '--concurrency'),
  });
  process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : `${render(report)}\n`);
  const grew = report.fdStart !== null && report.fdEnd !== null && report.fdEnd > report.fdStart;
  if (report.auditMissing > 0 || report.wrongDecisions > 0 || grew) process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
