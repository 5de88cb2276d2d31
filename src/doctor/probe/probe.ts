import { getProfile } from '../../engine/profiles/profiles.ts';
import { getEvent } from '../../events/catalogue.ts';
import { renderPayload } from '../../events/payload.ts';
import type { CommandHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { buildHookEnvironment, resolveHookCwd } from '../../runners/command/environment.ts';
import { resolveCommand } from '../../runners/command/resolve.ts';
import type { Finding, HostShare } from '../types.ts';
import { detectIsolation, probeEnvironment } from './isolation.ts';
import { judgeRun } from './judge.ts';
import { copyProject } from './project-copy.ts';
import { runOnce } from './run-once.ts';
import { PROBE_SESSION_ID, syntheticInput } from './synthetic-input.ts';

/** The longest a probe waits for one hook, whatever its timeout says (a 600 s default would stall doctor). */
export const PROBE_MAX_WAIT_MS = 30_000;
const MS_PER_SEC = 1000;

export interface ProbeOptions {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

export interface ProbeSummary {
  /** How the hooks were kept off the network. */
  isolation: string;
  /** Command hooks run once each. */
  ran: number;
  /** Hooks not run, and why (not a command, no command for this platform). */
  notRun: { hook: string; file: string; pointer: string; why: string }[];
}

/** The host's timeout for this hook (claude-code-hooks.md §4.1: explicit, else the event's or type's default). */
function hostTimeoutMs(handler: CommandHandler, profile: ProfileName): number {
  if (handler.timeoutMs !== undefined) return handler.timeoutMs;
  const p = getProfile(profile);
  const seconds = p.eventTimeouts ? getEvent(handler.event).defaultTimeoutSec : p.defaultTimeoutSec.command;
  return seconds * MS_PER_SEC;
}

async function probeOne(
  handler: CommandHandler,
  profile: ProfileName,
  dir: string,
  wrapper: readonly string[],
  options: ProbeOptions,
): Promise<Finding[] | string> {
  const resolved = resolveCommand(handler.spec, {
    dialect: handler.dialect,
    platform: options.platform,
    substitutions: {},
    host: profile,
  });
  if ('error' in resolved) return resolved.error;
  const input = syntheticInput(handler, profile, dir);
  const payload = renderPayload(handler.event, input, handler.dialect, {
    sessionId: PROBE_SESSION_ID,
    transcriptPath: String(input.transcript_path),
    cwd: dir,
    now: new Date(),
  });
  const payloadJson = JSON.stringify(payload);
  const timeoutMs = hostTimeoutMs(handler, profile);
  const { env } = buildHookEnvironment(
    {
      handler,
      event: handler.event,
      input,
      payload,
      payloadJson,
      projectDir: dir,
      sessionId: PROBE_SESSION_ID,
      timeoutMs,
      signal: new AbortController().signal,
      env: probeEnvironment(options.env),
      host: profile,
      policy: {},
    },
    { inputBytes: Buffer.byteLength(payloadJson) },
  );
  const [file, ...prefix] = wrapper.length > 0 ? wrapper : [resolved.file];
  const run = await runOnce({
    file: file as string,
    args: wrapper.length > 0 ? [...prefix, resolved.file, ...resolved.args] : resolved.args,
    cwd: resolveHookCwd(handler.spec.cwd, dir),
    env,
    input: payloadJson,
    timeoutMs: Math.min(timeoutMs, PROBE_MAX_WAIT_MS),
    platform: options.platform,
  });
  const capChars = getProfile(profile).contextCapChars;
  return judgeRun({ handler, profile, run, timeoutMs: Math.min(timeoutMs, PROBE_MAX_WAIT_MS), capChars });
}

/**
 * `doctor --probe`: runs each command hook of each share once, on a synthetic input its matcher
 * accepts, in a temporary copy of the project, with the network cut off as far as the machine
 * allows. Hooks run one after another, so their side effects never overlap.
 */
export async function probeHooks(
  shares: readonly HostShare[],
  options: ProbeOptions,
): Promise<{ findings: Finding[]; summary: ProbeSummary }> {
  const isolation = detectIsolation(options.platform);
  const projectDir = shares[0]?.generation.projectDir;
  const summary: ProbeSummary = { isolation: isolation.describe, ran: 0, notRun: [] };
  if (projectDir === undefined) return { findings: [], summary };
  const copy = await copyProject(projectDir);
  const findings: Finding[] = [];
  try {
    for (const share of shares) {
      for (const handler of share.handlers) {
        const where = { hook: handler.type, file: handler.source.file, pointer: handler.source.pointer };
        if (handler.type !== 'command') {
          summary.notRun.push({ ...where, why: `${handler.type} hooks are not probed (only command hooks)` });
          continue;
        }
        const result = await probeOne(handler, share.profile, copy.dir, isolation.wrapper, options);
        if (typeof result === 'string') summary.notRun.push({ ...where, why: result });
        else {
          summary.ran += 1;
          findings.push(...result);
        }
      }
    }
  } finally {
    await copy.remove();
  }
  return { findings, summary };
}
