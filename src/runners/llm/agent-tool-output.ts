import type { ErrorCode } from '../../errors.ts';
import type { RunnerDiagnostic } from '../types.ts';

/** What one tool call of an agent hook gives the model. */
export interface ToolOutput {
  output: string;
  isError?: boolean;
  /** A coded tool error: the model reads `output`, the hook's author this in the result. */
  diagnostic?: RunnerDiagnostic;
}

/** A tool error the model reads, led by its code so it can tell a limit from a mistake of its own. */
export function toolError(code: ErrorCode, message: string): ToolOutput {
  return {
    output: `${code}: ${message}`,
    isError: true,
    diagnostic: { code, message: `agent tool: ${message}` },
  };
}

/** A note appended to output a tool cut short at one of its limits: said, never silent. */
export function limitNote(message: string): string {
  const code: ErrorCode = 'RUNNER_AGENT_TOOL_LIMIT';
  return `… (${code}: ${message})`;
}

/** Why a tool stopped when the hook's deadline aborted its signal. */
export const STOPPED_BY_DEADLINE = 'stopped: the hook ran out of time or was cancelled';
