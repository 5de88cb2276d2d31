import { basename, dirname } from 'node:path';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import {
  CLAUDE_EVENTS,
  COPILOT_CAMEL_EVENTS,
  lookup,
  suggestEvent,
  VSCODE_CAMEL_EVENTS,
  VSCODE_CLAUDE_EVENTS,
  VSCODE_EVENTS,
} from '../parse/event-keys.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import { compact, describe, isRecord, type ReadContext } from './context.ts';
import { withoutClaudeOnlyKeys } from './vscode-claude-keys.ts';

const COMMAND_KEYS = ['command', 'windows', 'linux', 'osx', 'bash', 'powershell'] as const;

/**
 * VS Code decides the parser by path (other-agents-hooks.md §2.4 step 1): `settings.json` or
 * `settings.local.json` inside a `.claude` folder is Claude format, everything else Copilot/VS Code.
 */
export function isClaudeSettingsPath(file: string): boolean {
  const name = basename(file);
  return (
    (name === 'settings.json' || name === 'settings.local.json') && basename(dirname(file)) === '.claude'
  );
}

/**
 * Reads hooks the way VS Code's Local harness does (§2.3–§2.4): flat command entries or Claude
 * nested groups (matcher discarded), camelCase names mapped to PascalCase, `bash` → linux + osx,
 * `powershell` → windows, only `command` handlers.
 */
export function readVscodeHooks(
  ctx: ReadContext,
  hooks: unknown,
  base: readonly PathSegment[],
  claudeFile: boolean,
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
  for (const [eventKey, items] of Object.entries(hooks)) {
    const eventPath = [...base, eventKey];
    const event = vscodeEvent(ctx, eventKey, eventPath, claudeFile);
    if (event === undefined) continue;
    if (!Array.isArray(items)) {
      ctx.report('CONFIG_INVALID_STRUCTURE', `"${eventKey}" must be an array`, eventPath, {
        expected: 'array',
        found: describe(items),
        event,
      });
      continue;
    }
    items.forEach((item, index) => {
      const itemPath = [...eventPath, index];
      if (isRecord(item) && Array.isArray(item.hooks)) {
        if (typeof item.matcher === 'string' && item.matcher !== '' && item.matcher !== '*') {
          ctx.report(
            'CONFIG_UNSUPPORTED_BY_HOST',
            `VS Code ignores matchers; these hooks run for every tool, not only "${item.matcher}"`,
            [...itemPath, 'matcher'],
            {
              severity: 'info',
              expected: 'no matcher',
              found: JSON.stringify(item.matcher),
              event,
            },
          );
        }
        item.hooks.forEach((entry, nested) => {
          const handler = readEntry(ctx, event, eventKey, entry, [...itemPath, 'hooks', nested], claudeFile);
          if (handler !== undefined) handlers.push(handler);
        });
        return;
      }
      const handler = readEntry(ctx, event, eventKey, item, itemPath, claudeFile);
      if (handler !== undefined) handlers.push(handler);
    });
  }
  return handlers;
}

/** In VS Code's event enum but with no call site that fires them (other-agents-hooks.md §2.5). */
const PARSED_NOT_FIRED: ReadonlySet<EventName> = new Set(['SessionEnd', 'ErrorOccurred']);

function vscodeEvent(
  ctx: ReadContext,
  key: string,
  path: PathSegment[],
  claudeFile: boolean,
): EventName | undefined {
  const known = claudeFile ? VSCODE_CLAUDE_EVENTS : VSCODE_EVENTS;
  const event = known.has(key as EventName)
    ? (key as EventName)
    : claudeFile
      ? undefined
      : lookup(VSCODE_CAMEL_EVENTS, key);
  if (event !== undefined) {
    if (PARSED_NOT_FIRED.has(event)) {
      ctx.report('CONFIG_UNSUPPORTED_BY_HOST', `VS Code parses "${key}" hooks but never fires them`, path, {
        severity: 'info',
        key: true,
        expected: 'an event VS Code fires',
        found: key,
        event,
      });
    }
    return event;
  }
  const elsewhere =
    (CLAUDE_EVENTS as readonly string[]).includes(key) || lookup(COPILOT_CAMEL_EVENTS, key) !== undefined;
  if (elsewhere) {
    ctx.report('CONFIG_UNSUPPORTED_BY_HOST', `VS Code does not run "${key}" hooks; they are skipped`, path, {
      key: true,
      expected: [...known].join(', '),
      found: key,
      event: key,
    });
    return undefined;
  }
  const suggestion = suggestEvent(key, [...known]);
  ctx.report(
    'CONFIG_UNKNOWN_EVENT',
    `Unknown VS Code hook event "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
    path,
    {
      key: true,
      expected: 'a VS Code hook event name',
      found: key,
      event: key,
      ...(suggestion ? { suggestion } : {}),
    },
  );
  return undefined;
}

function readEntry(
  ctx: ReadContext,
  event: EventName,
  eventKey: string,
  entry: unknown,
  path: PathSegment[],
  claudeFile: boolean,
): NormalizedHandler | undefined {
  if (!isRecord(entry)) {
    ctx.report('CONFIG_INVALID_FIELD', 'A hook entry must be an object', path, {
      expected: 'object',
      found: describe(entry),
      event,
    });
    return undefined;
  }
  // Missing `type` means command; any other type is dropped by VS Code (§2.4 step 3).
  if (entry.type !== undefined && entry.type !== 'command') {
    ctx.report(
      'CONFIG_UNSUPPORTED_BY_HOST',
      `VS Code runs only "command" hooks; this ${describe(entry.type)} hook is skipped`,
      [...path, 'type'],
      {
        expected: '"command"',
        found: describe(entry.type),
        event,
      },
    );
    return undefined;
  }
  const schema = claudeFile ? 'vscode.claude-file-entry' : 'vscode.command';
  if (!ctx.check(schema, withoutClaudeOnlyKeys(ctx, entry, path, event), path, {}, event)) return undefined;
  const str = (key: string): string | undefined =>
    typeof entry[key] === 'string' ? (entry[key] as string) : undefined;
  if (!COMMAND_KEYS.some((key) => str(key) !== undefined)) {
    ctx.report('CONFIG_INVALID_FIELD', `A hook needs one of ${COMMAND_KEYS.join(', ')}`, path, {
      expected: COMMAND_KEYS.join(' | '),
      found: 'none of them',
      event,
    });
    return undefined;
  }
  return commandHandler(ctx, event, eventKey, entry, path, str);
}

/** A checked entry as a command handler: VS Code's OS keys, `bash`/`powershell` as their fallbacks. */
function commandHandler(
  ctx: ReadContext,
  event: EventName,
  eventKey: string,
  entry: Record<string, unknown>,
  path: PathSegment[],
  str: (key: string) => string | undefined,
): NormalizedHandler {
  const timeoutKey = entry.timeout !== undefined ? 'timeout' : 'timeoutSec';
  return {
    ...compact({
      event,
      eventKey,
      dialect: 'vscode' as const,
      source: ctx.source(path),
      timeoutMs: ctx.timeoutMs(entry[timeoutKey], [...path, timeoutKey], event),
    }),
    type: 'command',
    spec: compact({
      command: str('command'),
      windows: str('windows') ?? str('powershell'),
      linux: str('linux') ?? str('bash'),
      osx: str('osx') ?? str('bash'),
      cwd: str('cwd'),
      env: entry.env as Record<string, string> | undefined,
    }),
  };
}
