import { z } from 'zod';
import { MAX_TIMEOUT_SEC } from '../../model/handler.ts';
import { VSCODE_CAMEL_EVENTS, VSCODE_EVENTS } from '../parse/event-keys.ts';

// VS Code agent hooks, Local harness (other-agents-hooks.md §2.3–§2.4).

export const vscodeCommandEntry = z
  .strictObject({
    type: z
      .literal('command')
      .optional()
      .describe('Only "command" exists; entries without `type` are commands.'),
    command: z.string().optional().describe('Default command, used when no OS-specific command applies.'),
    windows: z.string().optional().describe('Command on Windows.'),
    linux: z.string().optional().describe('Command on Linux.'),
    osx: z.string().optional().describe('Command on macOS.'),
    bash: z.string().optional().describe('Copilot CLI key; VS Code uses it for Linux and macOS.'),
    powershell: z.string().optional().describe('Copilot CLI key; VS Code uses it for Windows.'),
    cwd: z.string().optional().describe('Working directory relative to the repository root.'),
    env: z.record(z.string(), z.string()).optional().describe('Extra environment variables.'),
    timeout: z
      .number()
      .positive()
      .max(MAX_TIMEOUT_SEC)
      .optional()
      .describe('Timeout in seconds. Default 30.'),
    timeoutSec: z
      .number()
      .positive()
      .max(MAX_TIMEOUT_SEC)
      .optional()
      .describe('Copilot CLI alias of `timeout` (seconds).'),
  })
  .describe('A hook command. Needs at least one of command, windows, linux, osx, bash or powershell.')
  .meta({ id: 'vscodeCommandEntry' });

export const vscodeNestedGroup = z
  .strictObject({
    matcher: z.string().optional().describe('Parsed but ignored by VS Code: the hooks run for every tool.'),
    hooks: z.array(vscodeCommandEntry),
  })
  .describe('Claude-style group; VS Code uses its hooks and discards the matcher.')
  .meta({ id: 'vscodeNestedGroup' });

/** One item of an event's list: a flat entry or a Claude-style group (told apart by `hooks`). */
export const vscodeHookItem = z.union([vscodeCommandEntry, vscodeNestedGroup]).meta({ id: 'vscodeHookItem' });

const eventKeys = [...VSCODE_EVENTS, ...Object.keys(VSCODE_CAMEL_EVENTS)];

export const vscodeHooksFile = z
  .looseObject({
    version: z.number().optional().describe('Present in Copilot CLI files; VS Code accepts them too.'),
    hooks: z
      .strictObject(
        Object.fromEntries(
          eventKeys.map((key) => [key, z.array(vscodeHookItem).optional().describe(`Hooks for ${key}.`)]),
        ),
      )
      .describe('Event name → hook commands. lowerCamelCase Copilot names are converted to PascalCase.'),
  })
  .describe('A VS Code agent hooks file (.github/hooks/*.json).');
