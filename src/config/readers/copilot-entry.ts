// One entry of a Copilot `hooks` list (other-agents-hooks.md §1.1, §1.3): its type, fields and
// matcher checked, then normalized; a bad entry is dropped with a located diagnostic.
import { didYouMean } from '../../errors/did-you-mean.ts';
import { COPILOT_MATCHER_EVENTS } from '../../events/event-sets.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { COPILOT_ENTRY_TYPES } from '../generated/config-shapes.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import type { CopilotPromptEntry } from '../read-types.ts';
import { compact, describe, isRecord, type ReadContext } from './context.ts';
import { commandFieldsValid } from './copilot-command.ts';
import { copilotMatcherError } from './matcher-check.ts';

export interface CopilotHooks {
  handlers: NormalizedHandler[];
  prompts: CopilotPromptEntry[];
  /** A structural error (non-object map, non-array event list) rejects the whole file. */
  rejected: boolean;
}

/** Which event an entry list belongs to, as its key spells it. */
export interface EventInfo {
  event: EventName;
  eventKey: string;
  dialect: Dialect;
}

type EntryType = (typeof COPILOT_ENTRY_TYPES)[number];

const ENTRY_TYPES: readonly EntryType[] = COPILOT_ENTRY_TYPES;
const COPILOT_KEY_ALIASES: Readonly<Record<string, string>> = {
  windows: 'powershell',
  linux: 'bash',
  osx: 'bash',
};

/** Sentinel: the matcher is invalid and the entry is skipped. */
const SKIP = Symbol('skip');

export function readCopilotEntry(
  ctx: ReadContext,
  info: EventInfo,
  entry: unknown,
  path: PathSegment[],
  out: CopilotHooks,
): void {
  const { event } = info;
  if (!isRecord(entry)) {
    ctx.report('CONFIG_INVALID_FIELD', 'An entry must be an object', path, {
      expected: 'object',
      found: describe(entry),
      event,
    });
    return;
  }
  const entryType = readType(ctx, info, entry, path);
  if (entryType === undefined) return;
  if (!ctx.check(`copilot.${entryType}`, entry, path, COPILOT_KEY_ALIASES, event)) return;
  if (entryType === 'prompt') {
    readPrompt(ctx, info, entry, path, out);
    return;
  }
  if (entryType === 'command' && !commandFieldsValid(ctx, entry, path, event)) return;
  const matcher = readMatcher(ctx, info, entry, path);
  if (matcher === SKIP) return;
  const timeoutKey = entry.timeoutSec !== undefined ? 'timeoutSec' : 'timeout';
  const base = compact({
    event,
    eventKey: info.eventKey,
    dialect: info.dialect,
    source: ctx.source(path),
    matcher,
    timeoutMs: ctx.timeoutMs(entry[timeoutKey], [...path, timeoutKey], event),
  });
  out.handlers.push({ ...base, ...specOf(entryType, entry) } as NormalizedHandler);
}

/** The entry's `type` (default `command`), or undefined when it is unknown (reported). */
function readType(
  ctx: ReadContext,
  info: EventInfo,
  entry: Record<string, unknown>,
  path: PathSegment[],
): EntryType | undefined {
  const type = entry.type ?? 'command';
  if (typeof type === 'string' && (ENTRY_TYPES as string[]).includes(type)) return type as EntryType;
  const suggestion = typeof type === 'string' ? didYouMean(type, ENTRY_TYPES) : undefined;
  ctx.report(
    'CONFIG_UNKNOWN_HANDLER_TYPE',
    `Unknown entry type ${describe(type)}${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
    [...path, 'type'],
    {
      expected: ENTRY_TYPES.join(' | '),
      found: describe(type),
      event: info.event,
      ...(suggestion ? { suggestion } : {}),
    },
  );
  return undefined;
}

/** Copilot `type: "prompt"`: text auto-submitted on sessionStart, ignored on any other event. */
function readPrompt(
  ctx: ReadContext,
  info: EventInfo,
  entry: Record<string, unknown>,
  path: PathSegment[],
  out: CopilotHooks,
): void {
  if (info.event === 'SessionStart') {
    out.prompts.push({ source: ctx.source(path), prompt: entry.prompt as string });
    return;
  }
  ctx.report(
    'CONFIG_UNSUPPORTED_BY_HOST',
    `Prompt entries run only on sessionStart; this one on ${info.eventKey} is ignored`,
    [...path, 'type'],
    { expected: 'sessionStart', found: info.eventKey, event: info.event },
  );
}

/** The matcher, undefined when there is none (or the event takes none), SKIP when it is invalid. */
function readMatcher(
  ctx: ReadContext,
  info: EventInfo,
  entry: Record<string, unknown>,
  path: PathSegment[],
): string | undefined | typeof SKIP {
  const { event } = info;
  if (typeof entry.matcher !== 'string') return undefined;
  const claudeFormat =
    info.dialect === 'copilot-compat' && (event === 'PreToolUse' || event === 'PermissionRequest');
  const error = copilotMatcherError(entry.matcher, claudeFormat);
  const found = JSON.stringify(entry.matcher);
  if (error !== undefined) {
    ctx.report(
      'CONFIG_INVALID_MATCHER',
      `Invalid matcher: ${error}; the entry was skipped`,
      [...path, 'matcher'],
      {
        expected: 'a valid regular expression',
        found,
        event,
      },
    );
    return SKIP;
  }
  if (COPILOT_MATCHER_EVENTS.has(event)) return entry.matcher;
  ctx.report(
    'CONFIG_MATCHER_IGNORED',
    `${info.eventKey} takes no matcher; "${entry.matcher}" is ignored`,
    [...path, 'matcher'],
    { expected: 'no matcher', found, event },
  );
  return undefined;
}

function specOf(
  type: Exclude<EntryType, 'prompt'>,
  entry: Record<string, unknown>,
): Pick<NormalizedHandler, 'type' | 'spec'> {
  const str = (key: string): string | undefined => entry[key] as string | undefined;
  if (type === 'http') {
    return {
      type: 'http',
      spec: compact({
        url: entry.url as string,
        headers: entry.headers as Record<string, string> | undefined,
        allowedEnvVars: entry.allowedEnvVars as string[] | undefined,
      }),
    };
  }
  return {
    type: 'command',
    spec: compact({
      command: str('command'),
      bash: str('bash'),
      powershell: str('powershell'),
      exec: str('exec'),
      args: entry.args as string[] | undefined,
      cwd: str('cwd'),
      env: entry.env as Record<string, string> | undefined,
    }),
  };
}
