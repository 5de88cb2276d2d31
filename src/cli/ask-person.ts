import type { DispatchResult } from '../engine/dispatch/result.ts';
import type { CliIo } from './cli-io.ts';
import { CliUsageError } from './usage-error.ts';

/** What the person at the terminal answered to an `ask` decision (`run --interactive`). */
export interface PersonAnswer {
  question: string;
  answer: 'allow' | 'deny';
}

/** `--interactive` asks on the terminal, so the terminal must be standard input. */
export function requireTerminalForInteractive(io: CliIo): void {
  if (io.stdinIsTTY) return;
  throw new CliUsageError(
    '--interactive asks a person on the terminal, but standard input is not a terminal; give the event input with --input FILE or a JSON literal and run it from a terminal',
  );
}

function describeCall(input: Record<string, unknown>): string {
  const tool = typeof input.tool_name === 'string' ? input.tool_name : undefined;
  const args = input.tool_input === undefined ? '' : ` ${JSON.stringify(input.tool_input)}`;
  return tool === undefined ? '' : ` ${tool}${args}`;
}

/**
 * A hook answered `ask`, as a host would put it to the person in front of it: asks on the
 * terminal and returns the result with the person's answer as the decision.
 */
export async function askPerson(
  result: DispatchResult,
  input: Record<string, unknown>,
  io: CliIo,
): Promise<{ result: DispatchResult; asked?: PersonAnswer }> {
  if (result.decision !== 'ask') return { result };
  const why = result.reason ? ` (${result.reason})` : '';
  const question = `${result.event}${describeCall(input)}: a hook asks for confirmation${why}. Allow? [y/N] `;
  const answer = (await io.confirm(question)) ? 'allow' : 'deny';
  return { result: { ...result, decision: answer }, asked: { question, answer } };
}
