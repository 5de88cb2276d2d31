import { didYouMean } from '../../errors/did-you-mean.ts';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { CLAUDE_HANDLER_TYPES } from '../generated/config-shapes.ts';
import { CLAUDE_EVENTS, EVENTS_WITHOUT_MATCHER, suggestEvent } from '../parse/event-keys.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import type { ClaudeHandlerType } from '../schema/claude.ts';
import { claudeSpecOf } from './claude-spec.ts';
import { compact, describe, isRecord, type ReadContext } from './context.ts';
import { handlerIdentity } from './identity.ts';
import { claudeMatcherError } from './matcher-check.ts';

const HANDLER_TYPES: readonly ClaudeHandlerType[] = CLAUDE_HANDLER_TYPES;
/** Keys other dialects use for the same idea (did-you-mean for a Claude file). */
const CLAUDE_KEY_ALIASES: Readonly<Record<string, string>> = { timeoutSec: 'timeout', bash: 'command' };

/**
 * Reads a Claude `hooks` object (claude-code-hooks.md §1): event → matcher groups → handlers.
 * Unknown events warn (CC 2.1.101 stopped rejecting them); one bad entry is skipped (2.1.122).
 */
export function readClaudeHooks(
  ctx: ReadContext,
  hooks: unknown,
  base: readonly PathSegment[],
): NormalizedHandler[] {
  const handlers: NormalizedHandler[] = [];
  if (hooks === undefined) return handlers;
  if (!isRecord(hooks)) {
    ctx.report('CONFIG_INVALID_STRUCTURE', '"hooks" must be an object of event names', base, {
      expected: 'object',
      found: describe(hooks),
    });
    return handlers;
  }
  for (const [eventKey, groups] of Object.entries(hooks)) {
    const eventPath = [...base, eventKey];
    if (!(CLAUDE_EVENTS as readonly string[]).includes(eventKey)) {
      const suggestion = suggestEvent(eventKey, CLAUDE_EVENTS);
      ctx.report(
        'CONFIG_UNKNOWN_EVENT',
        `Unknown Claude Code event "${eventKey}"${suggestion ? `; did you mean "${suggestion}"?` : ''} (event keys are case-sensitive)`,
        eventPath,
        {
          key: true,
          expected: 'a Claude Code event name',
          found: eventKey,
          event: eventKey,
          ...(suggestion ? { suggestion } : {}),
        },
      );
      continue;
    }
    const event = eventKey as EventName;
    if (!Array.isArray(groups)) {
      ctx.report('CONFIG_INVALID_STRUCTURE', `"${eventKey}" must be an array of matcher groups`, eventPath, {
        expected: 'array',
        found: describe(groups),
        event,
      });
      continue;
    }
    groups.forEach((group, index) => {
      handlers.push(...readGroup(ctx, event, group, [...eventPath, index]));
    });
  }
  return handlers;
}

function readGroup(
  ctx: ReadContext,
  event: EventName,
  group: unknown,
  path: PathSegment[],
): NormalizedHandler[] {
  if (!isRecord(group) || !Array.isArray(group.hooks)) {
    const found = isRecord(group) ? `hooks: ${describe(group.hooks)}` : describe(group);
    ctx.report('CONFIG_INVALID_STRUCTURE', 'A matcher group must be an object with a "hooks" array', path, {
      expected: '{ matcher?: string, hooks: [...] }',
      found,
      event,
    });
    return [];
  }
  // Unknown keys of the group itself (the handlers are checked one by one below).
  if (!ctx.check('claude.group', group, path, {}, event)) return [];
  let matcher: string | undefined;
  if (typeof group.matcher === 'string') {
    matcher = group.matcher;
    const error = claudeMatcherError(matcher);
    if (error !== undefined) {
      ctx.report(
        'CONFIG_INVALID_MATCHER',
        `Invalid matcher regular expression: ${error}; its handlers were skipped`,
        [...path, 'matcher'],
        {
          expected: 'a valid JavaScript regular expression',
          found: JSON.stringify(matcher),
          event,
        },
      );
      return [];
    }
    if (EVENTS_WITHOUT_MATCHER.has(event) && matcher !== '' && matcher !== '*') {
      ctx.report(
        'CONFIG_MATCHER_IGNORED',
        `${event} has no matcher; "${matcher}" is ignored and the hooks run every time`,
        [...path, 'matcher'],
        {
          expected: 'no matcher',
          found: JSON.stringify(matcher),
          event,
        },
      );
    }
  }
  const handlers: NormalizedHandler[] = [];
  group.hooks.forEach((entry, index) => {
    const handler = readHandler(ctx, event, matcher, entry, [...path, 'hooks', index]);
    if (handler !== undefined) handlers.push(handler);
  });
  return handlers;
}

function readHandler(
  ctx: ReadContext,
  event: EventName,
  matcher: string | undefined,
  entry: unknown,
  path: PathSegment[],
): NormalizedHandler | undefined {
  if (!isRecord(entry)) {
    ctx.report('CONFIG_INVALID_FIELD', 'A handler must be an object', path, {
      expected: 'object',
      found: describe(entry),
      event,
    });
    return undefined;
  }
  const handlerType = readType(ctx, event, entry, path);
  if (handlerType === undefined) return undefined;
  if (!ctx.check(`claude.${handlerType}`, entry, path, CLAUDE_KEY_ALIASES, event)) return undefined;
  if (!checkUsable(ctx, event, handlerType, entry, path)) return undefined;
  const onFailure =
    entry.onFailure === 'block' ? 'block' : entry.onFailure === 'continue' ? 'ignore' : undefined;
  const base = compact({
    event,
    eventKey: event as string,
    dialect: 'claude' as const,
    source: ctx.source(path),
    matcher,
    if: entry.if as string | undefined,
    timeoutMs: ctx.timeoutMs(entry.timeout, [...path, 'timeout'], event),
    statusMessage: entry.statusMessage as string | undefined,
    onFailure: onFailure as 'block' | 'ignore' | undefined,
    async: entry.async as boolean | undefined,
    asyncRewake: entry.asyncRewake as boolean | undefined,
    once: entry.once as boolean | undefined,
  });
  const handler = { ...base, ...claudeSpecOf(handlerType, entry) } as NormalizedHandler;
  const identity = handlerIdentity(handler, ctx.options.namespace);
  return identity === undefined ? handler : { ...handler, identity };
}

/** The handler's `type`, or undefined (reported, with a suggestion) when it is missing or unknown. */
function readType(
  ctx: ReadContext,
  event: EventName,
  entry: Record<string, unknown>,
  path: PathSegment[],
): ClaudeHandlerType | undefined {
  const type = entry.type;
  if (typeof type === 'string' && (HANDLER_TYPES as string[]).includes(type))
    return type as ClaudeHandlerType;
  const suggestion = typeof type === 'string' ? didYouMean(type, HANDLER_TYPES) : undefined;
  const message =
    type === undefined
      ? 'Handler has no "type"'
      : `Unknown handler type ${describe(type)}${suggestion ? `; did you mean "${suggestion}"?` : ''}`;
  ctx.report('CONFIG_UNKNOWN_HANDLER_TYPE', message, type === undefined ? path : [...path, 'type'], {
    expected: HANDLER_TYPES.join(' | '),
    found: describe(type),
    event,
    ...(suggestion ? { suggestion } : {}),
  });
  return undefined;
}

/** Checks beyond the schema: an `if` that can never run is a warning, an unusable URL an error. */
function checkUsable(
  ctx: ReadContext,
  event: EventName,
  type: ClaudeHandlerType,
  entry: Record<string, unknown>,
  path: PathSegment[],
): boolean {
  if (typeof entry.if === 'string' && !TOOL_CALL_EVENTS.has(event)) {
    ctx.report(
      'CONFIG_IF_NEVER_RUNS',
      `"if" is evaluated only on tool events; on ${event} this hook would never run`,
      [...path, 'if'],
      { expected: 'no "if" on a non-tool event', found: JSON.stringify(entry.if), event },
    );
  }
  if (type === 'http' && typeof entry.url === 'string' && !URL.canParse(entry.url)) {
    ctx.report('CONFIG_INVALID_FIELD', `"url" is not a valid URL`, [...path, 'url'], {
      expected: 'URL',
      found: describe(entry.url),
      event,
    });
    return false;
  }
  return true;
}
