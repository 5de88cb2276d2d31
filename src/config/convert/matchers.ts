import { toClaudeToolName, toCopilotToolName } from '../../events/tool-names.ts';

/** Events whose matcher is a tool name in every dialect (other-agents-hooks.md §1.4). */
const TOOL_MATCHER_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'PermissionRequest']);

const NAME_LIST = /^[A-Za-z0-9_]+(\|[A-Za-z0-9_]+)*$/;

/** Copilot runtime tool names listed in other-agents-hooks.md §1.4. */
const COPILOT_RUNTIME_TOOLS = [
  'bash',
  'powershell',
  'view',
  'create',
  'edit',
  'str_replace_editor',
  'apply_patch',
  'grep',
  'rg',
  'glob',
  'web_fetch',
  'web_search',
  'ask_user',
  'update_todo',
  'task',
] as const;

/** Every runtime name a Claude tool name stands for (`Edit` → `edit`, `str_replace_editor`, `apply_patch`). */
function runtimeNames(claudeName: string): string[] {
  const names = COPILOT_RUNTIME_TOOLS.filter((runtime) => toClaudeToolName(runtime) === claudeName);
  return names.length > 0 ? names : [toCopilotToolName(claudeName)];
}

export type MatcherTranslation = { matcher: string | undefined; exact: boolean };

/** `*`, `**` and the empty string all mean "every tool" (claude-code-hooks.md §5.1, §1.4). */
export function isMatchAll(matcher: string | undefined): boolean {
  return matcher === undefined || matcher === '' || matcher === '*' || matcher === '**';
}

/**
 * Claude tool-name matchers → Copilot runtime tool names, for camelCase Copilot keys whose
 * payload carries runtime names (`bash`, `view`, `edit`). Plain name lists translate exactly;
 * a regular expression is copied and reported as inexact.
 */
export function claudeToCopilotMatcher(event: string, matcher: string | undefined): MatcherTranslation {
  if (isMatchAll(matcher)) return { matcher: undefined, exact: true };
  const text = matcher as string;
  if (!TOOL_MATCHER_EVENTS.has(event)) return { matcher: text, exact: true };
  if (!NAME_LIST.test(text)) return { matcher: text, exact: false };
  const names = [...new Set(text.split('|').flatMap(runtimeNames))];
  return { matcher: names.join('|'), exact: true };
}

/** Copilot runtime tool names → Claude names (the reverse of `claudeToCopilotMatcher`). */
export function copilotToClaudeMatcher(event: string, matcher: string | undefined): MatcherTranslation {
  if (isMatchAll(matcher)) return { matcher: undefined, exact: true };
  const text = matcher as string;
  if (!TOOL_MATCHER_EVENTS.has(event)) return { matcher: text, exact: true };
  if (!NAME_LIST.test(text)) return { matcher: text, exact: false };
  const names = [...new Set(text.split('|').map(toClaudeToolName))];
  return { matcher: names.join('|'), exact: true };
}
