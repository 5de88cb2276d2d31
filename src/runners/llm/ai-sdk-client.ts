import { confinedFetch } from './confined-fetch.ts';
import type {
  JsonSchemaObject,
  ModelCallResult,
  ModelClient,
  ModelMessage,
  ModelToolSpec,
  ModelTurn,
} from './model-client.ts';
import { type ModelSettings, type ResolvedModel, resolveModel } from './model-config.ts';

type AiModule = typeof import('ai');
type LanguageModel = Parameters<AiModule['generateText']>[0]['model'];

export interface AiSdkClientOptions extends ModelSettings {
  /** Environment consulted for keys, base URLs and `AGENT_HOOKS_MODEL` (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Transport used by the providers (default `globalThis.fetch`); still confined to the base URL. */
  fetch?: typeof globalThis.fetch;
}

/**
 * `ModelClient` on the Vercel AI SDK 6: `@ai-sdk/anthropic` for Anthropic, and
 * `@ai-sdk/openai-compatible` for OpenAI and local servers (Ollama, llama.cpp, vLLM).
 * The SDK is imported on first use, so hosts that never run an LLM hook never load it.
 */
export function createAiSdkClient(options: AiSdkClientOptions = {}): ModelClient {
  const env = options.env ?? process.env;
  const models = new Map<string, LanguageModel>();

  async function load(
    ref: string | undefined,
  ): Promise<
    | { ok: true; ai: AiModule; model: LanguageModel; resolved: ResolvedModel }
    | { ok: false; code: any; message: string }
  > {
    const r = resolveModel(ref, options, env);
    if (!r.ok) return { ok: false, code: 'RUNNER_MODEL_NOT_CONFIGURED', message: r.message };
    const resolved = r.model;
    let ai: AiModule;
    try {
      ai = await import('ai');
    } catch (e) {
      return {
        ok: false,
        code: 'RUNNER_MODEL_UNAVAILABLE',
        message: `The "ai" package is not installed (${errText(e)})`,
      };
    }
    const key = `${resolved.provider}|${resolved.baseURL}|${resolved.modelId}|${resolved.apiKey ?? ''}`;
    let model = models.get(key);
    if (!model) {
      const fetch = confinedFetch(resolved.baseURL, options.fetch ?? globalThis.fetch);
      try {
        if (resolved.provider === 'anthropic') {
          const { createAnthropic } = await import('@ai-sdk/anthropic');
          model = createAnthropic({ baseURL: resolved.baseURL, apiKey: resolved.apiKey, fetch })(
            resolved.modelId,
          );
        } else {
          const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
          model = createOpenAICompatible({
            name: 'openai',
            baseURL: resolved.baseURL,
            apiKey: resolved.apiKey,
            supportsStructuredOutputs: true,
            fetch,
          }).chatModel(resolved.modelId);
        }
      } catch (e) {
        return {
          ok: false,
          code: 'RUNNER_MODEL_UNAVAILABLE',
          message: `The ${resolved.provider} provider could not be loaded (${errText(e)})`,
        };
      }
      models.set(key, model);
    }
    return { ok: true, ai, model, resolved };
  }

  return {
    async generateObject(request): Promise<ModelCallResult<{ text: string }>> {
      const l = await load(request.model);
      if (!l.ok) return l;
      try {
        const result = await l.ai.generateText({
          model: l.model,
          system: request.system,
          messages: [{ role: 'user', content: request.prompt }],
          output: l.ai.Output.object({
            schema: l.ai.jsonSchema(request.schema as any),
            name: request.schemaName,
          }),
          abortSignal: request.signal,
          maxRetries: 0,
        });
        // Raw text on purpose: the caller validates (local servers may ignore the schema).
        return { ok: true, value: { text: result.text }, modelId: l.resolved.modelId };
      } catch (e) {
        // The SDK rejects unparsable output; the raw text still goes to our validator for one message.
        if (l.ai.NoObjectGeneratedError.isInstance(e) && typeof e.text === 'string') {
          return { ok: true, value: { text: e.text }, modelId: l.resolved.modelId };
        }
        return callFailure(e, request.signal, l.resolved);
      }
    },

    async generateTurn(request): Promise<ModelCallResult<ModelTurn>> {
      const l = await load(request.model);
      if (!l.ok) return l;
      try {
        const result = await l.ai.generateText({
          model: l.model,
          system: request.system,
          messages: toSdkMessages(request.messages) as any,
          tools: toSdkTools(l.ai, request.tools),
          abortSignal: request.signal,
          maxRetries: 0,
        });
        return {
          ok: true,
          modelId: l.resolved.modelId,
          value: {
            text: result.text,
            toolCalls: result.toolCalls.map((c) => ({ id: c.toolCallId, name: c.toolName, input: c.input })),
          },
        };
      } catch (e) {
        return callFailure(e, request.signal, l.resolved);
      }
    },
  };
}

function toSdkTools(ai: AiModule, tools: ModelToolSpec[]): Record<string, any> {
  const out: Record<string, any> = {};
  // No `execute`: the SDK stops after one step and hands the calls back to our loop.
  for (const t of tools)
    out[t.name] = ai.tool({
      description: t.description,
      inputSchema: ai.jsonSchema(t.inputSchema as JsonSchemaObject) as any,
    });
  return out;
}

function toSdkMessages(messages: ModelMessage[]): unknown[] {
  return messages.map((m) => {
    if (m.role === 'user') return { role: 'user', content: m.text };
    if (m.role === 'assistant') {
      const content: unknown[] = [];
      if (m.text) content.push({ type: 'text', text: m.text });
      for (const c of m.toolCalls)
        content.push({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: c.input });
      return { role: 'assistant', content };
    }
    return {
      role: 'tool',
      content: m.results.map((r) => ({
        type: 'tool-result',
        toolCallId: r.id,
        toolName: r.name,
        output: { type: r.isError ? 'error-text' : 'text', value: r.output },
      })),
    };
  });
}

function callFailure(e: unknown, signal: AbortSignal, model: ResolvedModel): ModelCallResult<never> {
  if (signal.aborted)
    return { ok: false, code: 'RUNNER_MODEL_ABORTED', message: 'The model call was aborted' };
  return {
    ok: false,
    code: 'RUNNER_MODEL_REQUEST_FAILED',
    message: `The ${model.provider} model "${model.modelId}" at ${model.baseURL} failed: ${errText(e)}`,
  };
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
