import { installCommand, missingPackage } from '../../model/optional-package.ts';
import { findTooLarge } from './capped-response.ts';
import { confinedFetch } from './confined-fetch.ts';
import type {
  JsonSchemaObject,
  ModelCallResult,
  ModelClient,
  ModelFailureCode,
  ModelMessage,
  ModelToolSpec,
  ModelTurn,
  ObjectRequest,
  TurnRequest,
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

/** A model ready to call, or why there is none. */
type Loaded =
  | { ok: true; ai: AiModule; model: LanguageModel; resolved: ResolvedModel }
  | { ok: false; code: ModelFailureCode; message: string };

/**
 * `ModelClient` on the Vercel AI SDK 6: `@ai-sdk/anthropic` for Anthropic, and
 * `@ai-sdk/openai-compatible` for OpenAI and local servers (Ollama, llama.cpp, vLLM).
 * The SDK is imported on first use, so hosts that never run an LLM hook never load it.
 */
export function createAiSdkClient(options: AiSdkClientOptions = {}): ModelClient {
  const env = options.env ?? process.env;
  const models = new Map<string, LanguageModel>();
  const load = (ref: string | undefined) => loadModel(ref, options, env, models);
  return {
    async generateObject(request) {
      const loaded = await load(request.model);
      return loaded.ok ? generateObject(loaded, request) : loaded;
    },
    async generateTurn(request) {
      const loaded = await load(request.model);
      return loaded.ok ? generateTurn(loaded, request) : loaded;
    },
  };
}

/** Resolves the model reference and loads the SDK and provider (cached per model and key). */
async function loadModel(
  ref: string | undefined,
  options: AiSdkClientOptions,
  env: NodeJS.ProcessEnv,
  models: Map<string, LanguageModel>,
): Promise<Loaded> {
  const r = resolveModel(ref, options, env);
  if (!r.ok) return { ok: false, code: 'RUNNER_MODEL_NOT_CONFIGURED', message: r.message };
  const resolved = r.model;
  let ai: AiModule;
  try {
    ai = await import('ai');
  } catch (e) {
    const missing = missingPackage(e, 'ai');
    const needed = ['ai', providerPackage(resolved.provider)];
    const message = missing
      ? `Prompt and agent hooks need the package "${missing}", which is not installed; run: ${installCommand(needed)}`
      : `The "ai" package could not be loaded (${errText(e)})`;
    return { ok: false, code: 'RUNNER_MODEL_UNAVAILABLE', message };
  }
  const key = `${resolved.provider}|${resolved.baseURL}|${resolved.modelId}|${resolved.apiKey ?? ''}`;
  let model = models.get(key);
  if (!model) {
    try {
      model = await providerModel(
        resolved,
        confinedFetch(resolved.baseURL, options.fetch ?? globalThis.fetch),
      );
    } catch (e) {
      const missing = missingPackage(e, providerPackage(resolved.provider));
      const message = missing
        ? `The ${resolved.provider} model needs the package "${missing}", which is not installed; run: ${installCommand([missing])}`
        : `The ${resolved.provider} provider could not be loaded (${errText(e)})`;
      return { ok: false, code: 'RUNNER_MODEL_UNAVAILABLE', message };
    }
    models.set(key, model);
  }
  return { ok: true, ai, model, resolved };
}

/** The AI SDK provider package a resolved model loads. */
function providerPackage(provider: ResolvedModel['provider']): string {
  return provider === 'anthropic' ? '@ai-sdk/anthropic' : '@ai-sdk/openai-compatible';
}

async function providerModel(
  resolved: ResolvedModel,
  fetch: typeof globalThis.fetch,
): Promise<LanguageModel> {
  if (resolved.provider === 'anthropic') {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    return createAnthropic({ baseURL: resolved.baseURL, apiKey: resolved.apiKey, fetch })(resolved.modelId);
  }
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  return createOpenAICompatible({
    name: 'openai',
    baseURL: resolved.baseURL,
    apiKey: resolved.apiKey,
    supportsStructuredOutputs: true,
    fetch,
  }).chatModel(resolved.modelId);
}

async function generateObject(
  l: Extract<Loaded, { ok: true }>,
  request: ObjectRequest,
): Promise<ModelCallResult<{ text: string }>> {
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
}

async function generateTurn(
  l: Extract<Loaded, { ok: true }>,
  request: TurnRequest,
): Promise<ModelCallResult<ModelTurn>> {
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
  const tooLarge = findTooLarge(e);
  return {
    ok: false,
    code: 'RUNNER_MODEL_REQUEST_FAILED',
    message: `The ${model.provider} model "${model.modelId}" at ${model.baseURL} failed: ${errText(tooLarge ?? e)}`,
  };
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
