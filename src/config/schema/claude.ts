import { z } from 'zod';
import { EVENT_BY_NAME } from '../../events/catalogue.ts';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import type { EventName } from '../../model/event-name.ts';
import { MAX_TIMEOUT_SEC } from '../../model/handler.ts';
import { CLAUDE_EVENTS, EVENTS_WITHOUT_MATCHER } from '../parse/event-keys.ts';

// Claude Code handler fields, claude-code-hooks.md §4.1–§4.6. Strict objects: the published schema
// rejects unknown keys like SchemaStore's; the reader downgrades them to warnings.

const common = {
  if: z
    .string()
    .optional()
    .describe(
      'One permission rule such as "Bash(git *)" or "Edit(*.ts)". Evaluated only on PreToolUse, PostToolUse, ' +
        'PostToolUseFailure, PermissionRequest and PermissionDenied; on any other event a hook with `if` never runs.',
    ),
  timeout: z
    .number()
    .positive()
    .max(MAX_TIMEOUT_SEC)
    .optional()
    .describe(
      'Timeout in seconds (not milliseconds). Defaults: 600 for command/http/mcp_tool, 30 for prompt, 60 for agent.',
    ),
  statusMessage: z.string().optional().describe('Spinner text shown while the hook runs.'),
  once: z.boolean().optional().describe('Run once, then remove. Honoured only in skill frontmatter.'),
};

const onFailure = z
  .enum(['continue', 'block'])
  .optional()
  .describe(
    '`continue` (default): a failing hook is reported and the action proceeds. `block`: a failure counts as exit code 2.',
  );

export const claudeCommandHandler = z
  .strictObject({
    type: z.literal('command'),
    command: z
      .string()
      .min(1)
      .describe('Shell form: the command line. With `args`: the executable, run without a shell.'),
    args: z.array(z.string()).optional().describe('Exec form: argv passed to `command` directly, no shell.'),
    shell: z.enum(['bash', 'powershell']).optional().describe('Shell for the shell form. Default `bash`.'),
    async: z
      .boolean()
      .optional()
      .describe('Run in the background without blocking; decisions have no effect.'),
    asyncRewake: z
      .boolean()
      .optional()
      .describe('Implies `async`; exit code 2 wakes Claude immediately with stderr as a reminder.'),
    ...common,
    onFailure,
  })
  .describe('Runs a shell command (or an executable with `args`). Input JSON arrives on stdin.')
  .meta({ id: 'claudeCommandHook' });

export const claudeHttpHandler = z
  .strictObject({
    type: z.literal('http'),
    url: z.string().min(1).describe('The input JSON is POSTed to this URL.'),
    headers: z.record(z.string(), z.string()).optional().describe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal placeholder syntax
      'Request headers; `$VAR`/`${VAR}` are substituted only for names listed in `allowedEnvVars`.',
    ),
    allowedEnvVars: z
      .array(z.string())
      .optional()
      .describe('Environment variables that headers may interpolate.'),
    ...common,
    onFailure,
  })
  .describe('POSTs the input JSON to a URL and reads the response body as hook output.')
  .meta({ id: 'claudeHttpHook' });

export const claudeMcpToolHandler = z
  .strictObject({
    type: z.literal('mcp_tool'),
    server: z.string().min(1).describe('Name of a configured, already connected MCP server.'),
    tool: z.string().min(1).describe('Tool name on that server.'),
    input: z
      .record(z.string(), z.unknown())
      .optional()
      // biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal placeholder syntax
      .describe('Tool arguments; string values support `${path}` substitution from the hook input.'),
    ...common,
    onFailure,
  })
  .describe('Calls a tool on a connected MCP server; its text content is read like command stdout.')
  .meta({ id: 'claudeMcpToolHook' });

const promptText = z
  .string()
  .min(1)
  .describe('Prompt text; `$ARGUMENTS` is replaced with the hook input JSON (appended when absent).');

export const claudePromptHandler = z
  .strictObject({
    type: z.literal('prompt'),
    prompt: promptText,
    model: z.string().optional().describe('Model to ask. Default: the small fast model.'),
    continueOnBlock: z
      .boolean()
      .optional()
      .describe('The `continue` value of the block produced by `ok: false`.'),
    ...common,
  })
  .describe('A single-turn LLM check answering `{ ok, reason }`.')
  .meta({ id: 'claudePromptHook' });

export const claudeAgentHandler = z
  .strictObject({
    type: z.literal('agent'),
    prompt: promptText,
    model: z.string().optional().describe('Model for the verifier agent. Default: the small fast model.'),
    allowShell: z
      .boolean()
      .optional()
      .describe('agent-hooks extension: give the verifier a shell tool (default: read-only tools only).'),
    ...common,
  })
  .describe('A multi-turn verifier agent answering `{ ok, reason }` (experimental).')
  .meta({ id: 'claudeAgentHook' });

export const CLAUDE_HANDLER_SCHEMAS = {
  command: claudeCommandHandler,
  http: claudeHttpHandler,
  mcp_tool: claudeMcpToolHandler,
  prompt: claudePromptHandler,
  agent: claudeAgentHandler,
} as const;

export type ClaudeHandlerType = keyof typeof CLAUDE_HANDLER_SCHEMAS;

export const claudeHandler = z.discriminatedUnion('type', [
  claudeCommandHandler,
  claudeHttpHandler,
  claudeMcpToolHandler,
  claudePromptHandler,
  claudeAgentHandler,
]);

export const claudeMatcherGroup = z
  .strictObject({
    matcher: z
      .string()
      .optional()
      .describe(
        'Case-sensitive pattern. Omitted, "" or "*" match everything; letters, digits, _, -, spaces, "," and "|" ' +
          'form an exact list; anything else is an unanchored JavaScript regular expression.',
      ),
    hooks: z.array(claudeHandler).describe('Handlers to run when the matcher matches.'),
  })
  .describe('A matcher and the handlers it guards.')
  .meta({ id: 'claudeMatcherGroup' });

function eventDescription(event: EventName): string {
  const row = EVENT_BY_NAME[event];
  const notes: string[] = [row.summary];
  if (row.matcher.field === null || EVENTS_WITHOUT_MATCHER.has(event))
    notes.push('This event takes no matcher.');
  else notes.push(`The matcher is tested against \`${row.matcher.field}\`.`);
  if (TOOL_CALL_EVENTS.has(event)) notes.push('Handlers may use `if`.');
  return notes.join(' ');
}

/** The `hooks` object: one optional key per event, strict (an unknown event is a schema error). */
export const claudeHooks = z
  .strictObject(
    Object.fromEntries(
      CLAUDE_EVENTS.map((event) => [
        event,
        z.array(claudeMatcherGroup).optional().describe(eventDescription(event)),
      ]),
    ),
  )
  .describe('Lifecycle hooks: event name → matcher groups → handlers (claude-code-hooks.md §1).');

/** Hook-related policy keys (claude-code-hooks.md §6.2). */
export const claudePolicyKeys = {
  disableAllHooks: z
    .boolean()
    .optional()
    .describe(
      'Disable hooks. In managed settings it disables every hook; elsewhere managed hooks keep running.',
    ),
  allowManagedHooksOnly: z
    .boolean()
    .optional()
    .describe('Managed settings only: run only managed hooks, SDK hooks and force-enabled plugin hooks.'),
  allowedHttpHookUrls: z
    .array(z.string().min(1))
    .optional()
    .describe('URL patterns HTTP hooks may target (`*` wildcard). Undefined = no limit, [] = no HTTP hooks.'),
  httpHookAllowedEnvVars: z
    .array(z.string().min(1))
    .optional()
    .describe('Outer limit on environment variables HTTP hook headers may interpolate.'),
};

export const claudeSettings = z
  .looseObject({ hooks: claudeHooks.optional(), ...claudePolicyKeys })
  .describe('Claude Code settings: only the hook-related keys are described here; other keys are allowed.');
