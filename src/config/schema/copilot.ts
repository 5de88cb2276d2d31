import { z } from 'zod';
import { MAX_TIMEOUT_SEC } from '../../model/handler.ts';
import { COPILOT_CAMEL_EVENTS, COPILOT_PASCAL_EVENTS } from '../parse/event-keys.ts';

// Copilot CLI `version: 1` hook files (other-agents-hooks.md §1.1).

const timeoutSec = z
  .number()
  .positive()
  .max(MAX_TIMEOUT_SEC)
  .optional()
  .describe('Timeout in seconds. Default 30.');
const timeout = z
  .number()
  .positive()
  .max(MAX_TIMEOUT_SEC)
  .optional()
  .describe('Alias of `timeoutSec` (seconds), used only when it is absent.');
const matcher = z
  .string()
  .optional()
  .describe('Full-match regular expression (`^(?:PATTERN)$`). Invalid patterns skip the entry.');

export const copilotCommandEntry = z
  .strictObject({
    type: z.literal('command').optional().describe('Optional; entries without `type` are commands.'),
    bash: z.string().optional().describe('Command run by bash on Linux and macOS.'),
    powershell: z.string().optional().describe('Command run by PowerShell on Windows.'),
    command: z.string().optional().describe('Cross-platform fallback for `bash` and `powershell`.'),
    exec: z
      .string()
      .optional()
      .describe('Binary run directly without a shell (CLI only); not with bash/powershell/command.'),
    args: z.array(z.string()).optional().describe('Arguments for `exec`.'),
    cwd: z.string().optional().describe('Working directory, relative to the repository root or absolute.'),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe('Extra environment variables (values are expanded).'),
    timeoutSec,
    timeout,
    matcher,
  })
  .describe('Runs a command. Needs at least one of bash, powershell, command or exec.')
  .meta({ id: 'copilotCommandEntry' });

export const copilotHttpEntry = z
  .strictObject({
    type: z.literal('http'),
    url: z
      .string()
      .min(1)
      .describe('The payload is POSTed here; https unless localhost is explicitly allowed.'),
    headers: z.record(z.string(), z.string()).optional().describe('Request headers.'),
    allowedEnvVars: z
      .array(z.string())
      .optional()
      .describe('Variables that header values may expand; forces https.'),
    timeoutSec,
    timeout,
    matcher,
  })
  .describe('POSTs the payload as JSON to a URL.')
  .meta({ id: 'copilotHttpEntry' });

export const copilotPromptEntry = z
  .strictObject({
    type: z.literal('prompt'),
    prompt: z.string().min(1).describe('Text (or a /slash-command) auto-submitted as if typed.'),
  })
  .describe('sessionStart only: submits a prompt in new interactive sessions. Not an LLM check.')
  .meta({ id: 'copilotPromptEntry' });

export const COPILOT_ENTRY_SCHEMAS = {
  command: copilotCommandEntry,
  http: copilotHttpEntry,
  prompt: copilotPromptEntry,
} as const;

export const copilotEntry = z
  .union([copilotCommandEntry, copilotHttpEntry, copilotPromptEntry])
  .meta({ id: 'copilotEntry' });

const eventKeys = [...Object.keys(COPILOT_CAMEL_EVENTS), ...COPILOT_PASCAL_EVENTS];

export const copilotHooksMap = z
  .strictObject(
    Object.fromEntries(
      eventKeys.map((key) => [
        key,
        z
          .array(copilotEntry)
          .optional()
          .describe(
            /^[a-z]/.test(key)
              ? `Entries for ${key} (camelCase payload).`
              : `Entries for ${key} (VS Code-compatible snake_case payload).`,
          ),
      ]),
    ),
  )
  .describe(
    'Event key → entries. camelCase keys get camelCase payloads; PascalCase keys get snake_case ones.',
  );

export const copilotHooksFile = z
  .looseObject({
    version: z.literal(1).describe('File format version; must be 1.'),
    disableAllHooks: z.boolean().optional().describe('Skip every hook in this file.'),
    hooks: copilotHooksMap,
  })
  .describe('A GitHub Copilot CLI hooks file (.github/hooks/*.json, ~/.copilot/hooks/*.json).');
