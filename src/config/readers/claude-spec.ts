import type { NormalizedHandler } from '../../model/handler.ts';
import type { ClaudeHandlerType } from '../schema/claude.ts';
import { compact } from './context.ts';

/** The type-specific fields of a schema-checked Claude handler entry. */
export function claudeSpecOf(
  type: ClaudeHandlerType,
  entry: Record<string, unknown>,
): Pick<NormalizedHandler, 'type' | 'spec'> {
  switch (type) {
    case 'command':
      return {
        type,
        spec: compact({
          command: entry.command as string,
          shell: entry.shell as 'bash' | undefined,
          args: entry.args as string[] | undefined,
        }),
      };
    case 'http':
      return {
        type,
        spec: compact({
          url: entry.url as string,
          headers: entry.headers as Record<string, string> | undefined,
          allowedEnvVars: entry.allowedEnvVars as string[] | undefined,
        }),
      };
    case 'mcp_tool':
      return {
        type,
        spec: compact({
          server: entry.server as string,
          tool: entry.tool as string,
          input: entry.input as Record<string, unknown> | undefined,
        }),
      };
    case 'prompt':
    case 'agent':
      return {
        type,
        spec: compact({
          prompt: entry.prompt as string,
          model: entry.model as string | undefined,
          continueOnBlock: entry.continueOnBlock as boolean | undefined,
          allowShell: type === 'agent' ? (entry.allowShell as boolean | undefined) : undefined,
        }),
      };
  }
}
