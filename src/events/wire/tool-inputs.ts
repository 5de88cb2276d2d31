import { z } from 'zod';
import type { TOOL_NAMES } from '../field-builders.ts';

/**
 * Claude Code's built-in tool inputs, the `tool_input` a tool event carries for each tool
 * (claude-code-hooks.md §2.7 "Documented `tool_input` shapes"; Bash, Write, Edit and Read
 * checked against the recorded 2.1.328 payloads in test/fixtures/compat/). Objects are loose:
 * a newer host may add fields, and a hook must still get the call.
 */

const ABSOLUTE_FILE_PATH = z.string().describe('Absolute path (Claude Code expands `~` and relative paths).');

const SHELL_INPUT = z.looseObject({
  command: z.string(),
  description: z.string().optional(),
  timeout: z.number().optional().describe('Milliseconds.'),
  run_in_background: z.boolean().optional(),
});

export const TOOL_INPUT_SCHEMAS = {
  Bash: SHELL_INPUT,
  PowerShell: SHELL_INPUT,
  Write: z.looseObject({ file_path: ABSOLUTE_FILE_PATH, content: z.string() }),
  Edit: z.looseObject({
    file_path: ABSOLUTE_FILE_PATH,
    old_string: z.string(),
    new_string: z.string(),
    replace_all: z.boolean().optional(),
  }),
  Read: z.looseObject({
    file_path: ABSOLUTE_FILE_PATH,
    offset: z.number().optional(),
    limit: z.number().optional(),
  }),
  Glob: z.looseObject({ pattern: z.string(), path: z.string().optional() }),
  Grep: z.looseObject({
    pattern: z.string(),
    path: z.string().optional(),
    glob: z.string().optional(),
    output_mode: z
      .string()
      .optional()
      .meta({ examples: ['content', 'files_with_matches', 'count'] }),
    '-i': z.boolean().optional(),
    multiline: z.boolean().optional(),
  }),
  WebFetch: z.looseObject({ url: z.string(), prompt: z.string() }),
  WebSearch: z.looseObject({
    query: z.string(),
    allowed_domains: z.array(z.string()).optional(),
    blocked_domains: z.array(z.string()).optional(),
  }),
  Agent: z.looseObject({
    prompt: z.string(),
    description: z.string(),
    subagent_type: z.string(),
    model: z.string().optional(),
  }),
  AskUserQuestion: z.looseObject({
    questions: z.array(z.unknown()),
    answers: z.unknown().optional().describe('Added by a hook (with `allow`) to answer headless.'),
  }),
  ExitPlanMode: z.looseObject({
    plan: z.string(),
    planFilePath: z.string(),
    allowedPrompts: z.unknown().optional().describe('Deprecated.'),
  }),
} as const satisfies Record<(typeof TOOL_NAMES)[number], z.ZodType>;

/** A known Claude Code tool name whose input shape is declared above. */
export type KnownToolName = keyof typeof TOOL_INPUT_SCHEMAS;

/** The `tool_input` of each known tool. */
export type ToolInputs = { [T in KnownToolName]: z.infer<(typeof TOOL_INPUT_SCHEMAS)[T]> };

/** The schema of `tool_name`'s input, or undefined for tools whose input is not declared (MCP, …). */
export function toolInputSchema(toolName: string): z.ZodType | undefined {
  return Object.hasOwn(TOOL_INPUT_SCHEMAS, toolName)
    ? TOOL_INPUT_SCHEMAS[toolName as KnownToolName]
    : undefined;
}
