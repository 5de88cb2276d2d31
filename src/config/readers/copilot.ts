import { didYouMean } from '../../errors/did-you-mean.ts';
import { COPILOT_MATCHER_EVENTS } from '../../events/event-sets.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { COPILOT_CAMEL_EVENTS, COPILOT_PASCAL_EVENTS, lookup, suggestEvent } from '../parse/event-keys.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import type { CopilotPromptEntry } from '../read-types.ts';
import { COPILOT_ENTRY_SCHEMAS } from '../schema/copilot.ts';
import { compact, describe, isRecord, type ReadContext } from './context.ts';
import { commandFieldsValid } from './copilot-command.ts';
import { copilotMatcherError } from './matcher-check.ts';

const ENTRY_TYPES = Object.keys(COPILOT_ENTRY_SCHEMAS) as (keyof typeof COPILOT_ENTRY_SCHEMAS)[];
const EVENT_KEYS = [...Object.keys(COPILOT_CAMEL_EVENTS), ...COPILOT_PASCAL_EVENTS];
const COPILOT_KEY_ALIASES: Readonly<Record<string, string>> = {
  windows: 'powershell',
  linux: 'bash',
  osx: 'bash',
};

export interface CopilotHooks {
  handlers: NormalizedHandler[];
  prompts: CopilotPromptEntry[];
  /** A structural error (non-object map, non-array event list) rejects the whole file. */
  rejected: boolean;
}

/**
 * Reads a Copilot `hooks` map (other-agents-hooks.md §1.1, §1.3): the casing of each key picks
 * the payload dialect; a malformed entry is dropped and its siblings load.
 */
export function readCopilotHooks(
  ctx: ReadContext,
  hooks: unknown,
  base: readonly PathSegment[],
): CopilotHooks {
  const result: CopilotHooks = { handlers: [], prompts: [], rejected: false };
  if (hooks === undefined) return result;
  if (!isRecord(hooks)) {
    ctx.report(
      'CONFIG_INVALID_STRUCTURE',
      '"hooks" must be an object of event names; the file was rejected',
      base,
      {
        expected: 'object',
        found: describe(hooks),
      },
    );
    return { ...result, rejected: true };
  }
  for (const [eventKey, entries] of Object.entries(hooks)) {
    if (!Array.isArray(entries)) {
      ctx.report(
        'CONFIG_INVALID_STRUCTURE',
        `"${eventKey}" must be an array of entries; the file was rejected`,
        [...base, eventKey],
        {
          expected: 'array',
          found: describe(entries),
          event: eventKey,
        },
      );
      return { handlers: [], prompts: [], rejected: true };
    }
  }
  for (const [eventKey, entries] of Object.entries(hooks) as [string, unknown[]][]) {
    const eventPath = [...base, eventKey];
    const camel = lookup(COPILOT_CAMEL_EVENTS, eventKey);
    const event =
      camel ?? (COPILOT_PASCAL_EVENTS.has(eventKey as EventName) ? (eventKey as EventName) : undefined);
    if (event === undefined) {
      const suggestion = suggestEvent(eventKey, EVENT_KEYS);
      ctx.report(
        'CONFIG_UNKNOWN_EVENT',
        `Unknown Copilot event "${eventKey}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
        eventPath,
        {
          key: true,
          expected: 'a Copilot CLI event key',
          found: eventKey,
          event: eventKey,
          ...(suggestion ? { suggestion } : {}),
        },
      );
      continue;
    }
    const dialect: Dialect = camel === undefined ? 'copilot-compat' : 'copilot';
    entries.forEach((entry, index) => {
      readEntry(ctx, { event, eventKey, dialect }, entry, [...eventPath, index], result);
    });
  }
  return result;
}

interface EventInfo {
  event: EventName;
  eventKey: string;
  dialect: Dialect;
}

function readEntry(
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
  const type = entry.type ?? 'command';
  if (typeof type !== 'string' || !(ENTRY_TYPES as string[]).includes(type)) {
    const suggestion = typeof type === 'string' ? didYouMean(type, ENTRY_TYPES) : undefined;
    ctx.report(
      'CONFIG_UNKNOWN_HANDLER_TYPE',
      `Unknown entry type ${describe(type)}${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
      [...path, 'type'],
      {
        expected: ENTRY_TYPES.join(' | '),
        found: describe(type),
        event,
        ...(suggestion ? { suggestion } : {}),
      },
    );
    return;
  }
  const entryType = type as (typeof ENTRY_TYPES)[number];
  if (!ctx.check(COPILOT_ENTRY_SCHEMAS[entryType], entry, path, COPILOT_KEY_ALIASES, event)) return;
  if (entryType === 'prompt') {
    if (event !== 'SessionStart') {
      ctx.report(
        'CONFIG_UNSUPPORTED_BY_HOST',
        `Prompt entries run only on sessionStart; this one on ${info.eventKey} is ignored`,
        [...path, 'type'],
        {
          expected: 'sessionStart',
          found: info.eventKey,
          event,
        },
      );
      return;
    }
    out.prompts.push({ source: ctx.source(path), prompt: entry.prompt as string });
    return;
  }
  if (entryType === 'command' && !commandFieldsValid(ctx, entry, path, event)) return;
  let matcher: string | undefined;
  if (typeof entry.matcher === 'string') {
    const claudeFormat =
      info.dialect === 'copilot-compat' && (event === 'PreToolUse' || event === 'PermissionRequest');
    const error = copilotMatcherError(entry.matcher, claudeFormat);
    if (error !== undefined) {
      ctx.report(
        'CONFIG_INVALID_MATCHER',
        `Invalid matcher: ${error}; the entry was skipped`,
        [...path, 'matcher'],
        {
          expected: 'a valid regular expression',
          found: JSON.stringify(entry.matcher),
          event,
        },
      );
      return;
    }
    if (!COPILOT_MATCHER_EVENTS.has(event)) {
      ctx.report(
        'CONFIG_MATCHER_IGNORED',
        `${info.eventKey} takes no matcher; "${entry.matcher}" is ignored`,
        [...path, 'matcher'],
        {
          expected: 'no matcher',
          found: JSON.stringify(entry.matcher),
          event,
        },
      );
    } else {
      matcher = entry.matcher;
    }
  }
  const timeoutKey = entry.timeoutSec !== undefined ? 'timeoutSec' : 'timeout';
  const base = compact({
    event,
    eventKey: info.eventKey,
    dialect: info.dialect,
    source: ctx.source(path),
    matcher,
    timeoutMs: ctx.timeoutMs(entry[timeoutKey], [...path, timeoutKey], event),
  });
  const str = (key: string): string | undefined => entry[key] as string | undefined;
  const handler: NormalizedHandler =
    entryType === 'http'
      ? {
          ...base,
          type: 'http',
          spec: compact({
            url: entry.url as string,
            headers: entry.headers as Record<string, string> | undefined,
            allowedEnvVars: entry.allowedEnvVars as string[] | undefined,
          }),
        }
      : {
          ...base,
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
  out.handlers.push(handler);
}
