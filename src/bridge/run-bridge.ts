// `agent-hooks bridge`: one host event in, every other dialect's hooks run with their own host's
// semantics, one answer out in the calling host's format. Composition only: the config loader
// reads every dialect, one engine per origin host runs that origin's hooks, and the results are
// combined.

import { rm } from 'node:fs/promises';
import { createContextCapper } from '../engine/aggregate/context-cap.ts';
import { SpillStore } from '../engine/aggregate/spill-store.ts';
import type { DispatchResult } from '../engine/dispatch/result.ts';
import { createHookEngine } from '../engine/engine.ts';
import type { HookEngineOptions } from '../engine/options.ts';
import { getProfile } from '../engine/profiles/profiles.ts';
import { prefixedState, type SessionStateStore } from '../engine/session/session-state.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { addToInbox, inboxEntries, inboxFile } from './async-inbox.ts';
import { deliverEarlier, endedNotes, handOffBackground, type OriginRun } from './background.ts';
import { combineResults, emptyResult } from './combine.ts';
import { type ConfigProblem, configProblems, withheldBecause } from './config-problems.ts';
import {
  type BridgeAnswer,
  BridgeInputError,
  crashAnswer,
  type HostPayload,
  parsePayload,
  renderAnswer,
} from './host-io.ts';
import { type OpenSession, openSession } from './open-session.ts';
import { loadBridgeConfig, type OriginHooks } from './origins.ts';
import { originForm } from './tool-forms.ts';

export interface BridgeOptions {
  /** The calling host: its payload form and its answer format. */
  host: ProfileName;
  /** The host's stdin, as text. */
  stdin: string;
  /** The event, for payloads that do not name it (Copilot camelCase). */
  event?: string;
  cwd: string;
  homeDir?: string;
  noUser?: boolean;
  settingsFiles?: string[];
  pluginDirs?: string[];
  includeNative?: boolean;
  /** Read only these origins' files. */
  from?: ProfileName[];
  env?: NodeJS.ProcessEnv;
  /**
   * Where per-session state lives between invocations (src/bridge/session-file.ts); default the
   * user's state directory; `null` keeps it in memory (one invocation only).
   */
  stateDir?: string | null;
  /** The tools' input schemas and what a rewrite failing them does (`--tool-schemas`, `--invalid-rewrite`). */
  rewriteCheck?: Pick<HookEngineOptions, 'toolInputSchemas' | 'invalidRewrite'>;
  /**
   * Starts a process that outlives this one and runs the event's background hooks (`async`,
   * `asyncRewake`, fire-and-forget): the CLI's `bridge --background-only` with the same options
   * and `stdin`. Resolves to why it could not start, if it could not. Without it (or without a
   * session to leave their output in), background hooks run here and end with this call.
   */
  handOff?: (stdin: string) => Promise<string | undefined>;
  /** Run only the event's background hooks, wait for them, and leave their output for the session's next event. */
  backgroundOnly?: boolean;
}

export interface BridgeRun {
  answer: BridgeAnswer;
  /** The combined result, when hooks were dispatched. */
  result?: DispatchResult;
  payload?: HostPayload;
}

/** Set for every hook the bridge starts; a bridge started by one of them runs nothing. */
const NESTED_ENV = 'AGENT_HOOKS_BRIDGE';

async function dispatchOrigin(
  options: BridgeOptions,
  origin: OriginHooks,
  payload: HostPayload,
  state: SessionStateStore | undefined,
  background: 'skip' | 'only' | undefined,
): Promise<OriginRun> {
  const form = originForm(options.host, origin.origin, payload);
  const schemas = options.rewriteCheck?.toolInputSchemas;
  const engine = await createHookEngine({
    ...options.rewriteCheck,
    ...(schemas ? { toolInputSchemas: form.schemas(schemas) } : {}),
    profile: origin.origin,
    cwd: options.cwd,
    discover: false,
    handlers: origin.handlers,
    // The calling host has the person (or its own non-interactive rule) for `ask`: pass it on.
    interactive: true,
    // One process per event: the host's model reads a spill after this run ends (SessionEnd deletes it).
    keepSpillsOnClose: true,
    ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    // Marks the bridge's own hooks: a bridge entry among them answers at once (no loop, no twice).
    env: { ...(options.env ?? process.env), [NESTED_ENV]: '1' },
    ...(state ? { sessionState: prefixedState(state, origin.origin) } : {}),
  });
  try {
    const input = structuredClone(form.payload.input);
    const result = await engine.dispatch(form.payload.event, input, background ? { background } : {});
    if (result.updatedInput !== null) result.updatedInput = form.back(result.updatedInput);
    if (background === 'only') await engine.waitForAsync();
    const finished = background === 'only' ? engine.collectAsyncResults() : [];
    const ended = background === 'only' ? [] : (result.backgrounded ?? []).map((run) => run.label);
    return { result, finished, ended };
  } finally {
    await engine.close();
  }
}

function loadOptions(options: BridgeOptions) {
  return {
    host: options.host,
    includeNative: options.includeNative === true,
    cwd: options.cwd,
    ...(options.from ? { from: options.from } : {}),
    ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    ...(options.noUser !== undefined ? { noUser: options.noUser } : {}),
    ...(options.settingsFiles ? { settingsFiles: options.settingsFiles } : {}),
    ...(options.pluginDirs ? { pluginDirs: options.pluginDirs } : {}),
    ...(options.env ? { env: options.env } : {}),
  };
}

/**
 * What the engine did that the answer alone does not show, said, never silent: every warning and
 * error of the dispatch. The host sees only the answer, so a bridged guard that timed out (a
 * documented fail-open under Copilot CLI), output a hook's own format does not read, a rewrite
 * discarded against its tool's schema, or a Stop block the loop cap overrode would otherwise pass
 * without a word. Each once, with its code.
 */
function engineNotes(result: DispatchResult): string[] {
  const said = new Set<string>();
  for (const found of result.diagnostics)
    if (found.severity !== 'info') said.add(`${found.code}: ${found.message}`);
  return [...said];
}

/**
 * Why the answer is a crash, if it is: a whole file did not load, so the hooks that ran say
 * nothing of its guards; or entries of a file did not load and the answer of the hooks that ran
 * would let through what one of them might have stopped (config-problems.ts). Otherwise what the
 * healthy hooks said stands, with the problems beside it.
 */
function crashReason(
  options: BridgeOptions,
  payload: HostPayload,
  result: DispatchResult,
  problems: readonly ConfigProblem[],
): string | undefined {
  const wholeFile = problems.some((problem) => problem.wholeFile);
  const withheld = wholeFile ? undefined : withheldBecause(options.host, payload.event, result);
  if (!wholeFile && withheld === undefined) return undefined;
  const why =
    withheld === undefined ? '' : `; the answer of the hooks that ran is withheld because ${withheld}`;
  return `broken hook configuration${why} (fix it, then check with \`agent-hooks validate\`):\n  ${problems.map((problem) => problem.text).join('\n  ')}`;
}

/** A decision that stops something: a broken neighbour must not take it away. */
function restricts(result: DispatchResult): boolean {
  return result.decision === 'deny' || result.decision === 'block' || !result.continue;
}

/**
 * The keeper (`bridge --background-only`): runs the event's background hooks to the end and leaves
 * what they have for the model in the session's inbox. Answers nothing: no host reads it. A
 * SessionEnd keeper's hooks still run to the end, without the session: no later event could deliver
 * what they leave, and its files, which the SessionEnd bridge deleted, must not come back.
 */
async function runKeeper(options: BridgeOptions, payload: HostPayload): Promise<BridgeRun> {
  const config = await loadBridgeConfig(loadOptions(options));
  const session = payload.event === 'SessionEnd' ? undefined : await openSession(options, payload.input);
  const runnable = config.origins.filter((origin) => origin.handlers.length > 0);
  const runs = await Promise.all(
    runnable.map((origin) => dispatchOrigin(options, origin, payload, session?.state, 'only')),
  );
  if (session) {
    // Capped as the calling host caps a hook's context (claude-code-hooks.md §3.2), spilled to a file.
    const cap = createContextCapper(
      getProfile(options.host).contextCapChars,
      session.sessionId,
      new SpillStore(),
    );
    await addToInbox(
      inboxFile(session.state.file),
      inboxEntries(
        runs.flatMap((run) => run.finished),
        cap,
      ),
    );
  }
  return { answer: { stdout: '', stderr: '', exitCode: 0 }, payload };
}

/** Runs the bridge once. Never throws for bad input or configuration: those are crash answers. */
export async function runBridge(options: BridgeOptions): Promise<BridgeRun> {
  let payload: HostPayload;
  try {
    payload = parsePayload(options.stdin, options.event);
  } catch (error) {
    if (error instanceof BridgeInputError) return { answer: crashAnswer('BRIDGE_BAD_INPUT', error.message) };
    throw error;
  }
  if ((options.env ?? process.env)[NESTED_ENV] === '1')
    return { answer: renderAnswer(options.host, emptyResult(payload.event, options.host), []), payload };
  if (options.backgroundOnly) return runKeeper(options, payload);
  const config = await loadBridgeConfig(loadOptions(options));
  const problems = configProblems(config);
  let runs: OriginRun[];
  let session: OpenSession | undefined;
  const handed: string[] = [];
  try {
    session = await openSession(options, payload.input);
    const background = session && options.handOff ? 'skip' : undefined;
    const runnable = config.origins.filter((origin) => origin.handlers.length > 0);
    runs = await Promise.all(
      runnable.map((origin) => dispatchOrigin(options, origin, payload, session?.state, background)),
    );
    handed.push(...(await handOffBackground(options.handOff, options.stdin, runs)));
    if (session && payload.event === 'SessionEnd') {
      await session.state.remove();
      await rm(inboxFile(session.state.file), { force: true });
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      answer: crashAnswer('BRIDGE_DISPATCH_FAILED', `${payload.event}: the dispatch failed: ${why}`),
      payload,
    };
  }
  const result = combineResults(
    payload.event,
    options.host,
    runs.map((run) => run.result),
  );
  const crash =
    problems.length > 0 && !restricts(result) ? crashReason(options, payload, result, problems) : undefined;
  if (crash !== undefined)
    return { answer: crashAnswer('BRIDGE_CONFIG_BROKEN', `${payload.event}: ${crash}`), result, payload };
  await deliverEarlier(session, options.host, payload.event, result);
  const notes = [
    ...problems.map((problem) => `configuration error, ${problem.text}`),
    ...engineNotes(result),
    ...handed,
    ...endedNotes(runs),
  ];
  return { answer: renderAnswer(options.host, result, notes), result, payload };
}
