import type { PromptHandler } from '../../model/handler.ts';
import { startDeadline } from '../deadline.ts';
import type { HandlerRunner, RunnerResult } from '../types.ts';
import { createAiSdkClient } from './ai-sdk-client.ts';
import { substituteArguments } from './arguments.ts';
import type { ModelClient } from './model-client.ts';
import type { ModelSettings } from './model-config.ts';
import { abortedResult, failureResult, verdictResult } from './runner-result.ts';
import { badAnswerResult, PROMPT_VERDICT_SCHEMA, parseVerdictText } from './verdict.ts';

export interface LlmRunnerOptions extends ModelSettings {
  /** Model access; default: the AI SDK adapter configured from these options and `env`. */
  client?: ModelClient;
  /** Environment for model configuration (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/**
 * System prompt of a prompt hook. Claude Code's own call (claude-code-observed.md) uses a system
 * prompt about evaluating a hook and a single user message; the wording here is ours.
 */
export const PROMPT_HOOK_SYSTEM_PROMPT: string = [
  'You are evaluating a hook in an AI coding agent. A hook is a check that runs at a point of the',
  "agent's lifecycle; the user message states the condition to check and contains the hook's input",
  '(the event data as JSON).',
  'Decide whether the condition is satisfied. Answer only with a JSON object matching the schema:',
  '{"ok": true, "reason": ""} when it is satisfied and the agent may proceed;',
  '{"ok": false, "reason": "<short explanation for the agent>"} when it is not.',
  'Set "impossible": true (with "ok": false) only when checking whether the agent may stop and the',
  'condition can never be met, so that stopping is the right outcome anyway.',
].join('\n');

/**
 * Runs `prompt` hooks (claude-code-hooks.md §4.5): one non-streaming model call with JSON-schema
 * structured output and no tools. The engine enforces the timeout default (30 s) through
 * `request.timeoutMs`; `continueOnBlock` is read by the engine from `handler.spec`.
 */
export function createPromptRunner(options: LlmRunnerOptions = {}): HandlerRunner<PromptHandler> {
  const client = options.client ?? createAiSdkClient({ ...options, env: options.env ?? process.env });
  return async (request): Promise<RunnerResult> => {
    const startedAt = Date.now();
    const prompt = substituteArguments(request.handler.spec.prompt, request.payload, request.payloadJson);
    const deadline = startDeadline(request.signal, request.timeoutMs);
    try {
      const answer = await client.generateObject({
        model: request.handler.spec.model,
        system: PROMPT_HOOK_SYSTEM_PROMPT,
        prompt,
        schema: PROMPT_VERDICT_SCHEMA,
        schemaName: 'hook_verdict',
        signal: deadline.signal,
      });
      if (deadline.signal.aborted)
        return abortedResult(startedAt, deadline, 'the prompt hook', request.timeoutMs);
      if (!answer.ok) return failureResult(startedAt, answer.code, answer.message);
      const parsed = parseVerdictText(answer.value.text);
      if (!parsed.ok) return badAnswerResult(startedAt, `Prompt hook (${answer.modelId}): ${parsed.message}`);
      return verdictResult(startedAt, parsed.verdict);
    } finally {
      deadline.dispose();
    }
  };
}
