import type { CodeInfo } from './code-info.ts';

/** Codes raised by the match layer. Keys are stable: never rename one, only add. */
export const MATCH_CODES = {
  MATCH_INVALID_REGEX: {
    severity: 'error',
    summary: 'A matcher is neither an exact tool list nor a valid regular expression.',
    fix: 'Escape the special characters or write an exact list such as `Edit|Write`.',
  },
  MATCH_INVALID_IF_RULE: {
    severity: 'error',
    summary: 'An `if` field is not one permission rule of the form `Tool` or `Tool(specifier)`.',
    fix: 'Write exactly one rule such as `Bash(git *)` or `Edit(*.ts)`; use one handler per rule.',
  },
  MATCH_IF_ON_NON_TOOL_EVENT: {
    severity: 'warning',
    summary: 'A handler has an `if` rule on an event that is not a tool event, so it never runs.',
    fix: 'Remove `if`, or move the handler to PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest or PermissionDenied.',
  },
  MATCH_IF_RULE_NEVER_MATCHES: {
    severity: 'warning',
    summary: 'An `if` rule gives a specifier for a tool that has no permission matcher, so it never matches.',
    fix: 'Use the bare tool name (for example `WebSearch`) or a tool with specifier support (Bash, PowerShell, file tools, WebFetch, Agent).',
  },
  MATCH_MATCHER_IGNORED: {
    severity: 'info',
    summary:
      'The emulated host ignores matchers here (VS Code parses and discards them), so the handler runs for every value.',
    fix: 'Filter inside the hook script, or run the hooks under the `claude-code` or `copilot-cli` profile.',
  },
  MATCH_UNSUPPORTED_MATCHER: {
    severity: 'info',
    summary:
      'A matcher is set on an event without matcher support; the host ignores it and the handler always runs.',
    fix: 'Remove the matcher, or filter on the input inside the hook script.',
  },
  MATCH_BARE_MCP_SERVER: {
    severity: 'warning',
    summary: 'A matcher names a bare MCP server (`mcp__server`), which is an exact name and matches no tool.',
    fix: 'Write `mcp__server__.*` to match every tool of the server.',
  },
  MATCH_NARROW_EXACT_SET: {
    severity: 'warning',
    summary:
      'FileChanged and StopFailure matchers split on `|` only; commas or spaces turn the matcher into a regex.',
    fix: 'Separate names with `|` and no spaces, for example `.envrc|package.json` or `rate_limit|overloaded`.',
  },
  MATCH_FILECHANGED_WILDCARD: {
    severity: 'warning',
    summary:
      'A FileChanged matcher segment is registered as a literal file name, so `*` watches a file named `*`.',
    fix: 'List the file names to watch, separated by `|`, or return `watchPaths` from SessionStart.',
  },
  MATCH_HANDLER_TYPE_NOT_ALLOWED: {
    severity: 'warning',
    summary: 'A handler type the event does not accept (e.g. an http hook on SessionStart); it never runs.',
    fix: 'Use a handler type the event lists in docs/events.md, usually `command`.',
  },
} as const satisfies Record<string, CodeInfo>;
