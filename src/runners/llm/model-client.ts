/**
 * Our own narrow view of a language model, so prompt and agent hooks never depend on a provider
 * SDK directly (dependencies.md §2(g): the AI SDK churns; keeping it behind this interface makes a
 * major upgrade a one-file change). The default implementation is `ai-sdk-client.ts`.
 */

/** A JSON Schema object (draft 2020-12 subset understood by the providers' structured output). */
export type JsonSchemaObject = Record<string, unknown>;

/** A tool the model may call. Tools are executed by the caller (the agent loop), not the client. */
export interface ModelToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
}

export interface ModelToolCall {
  id: string;
  name: string;
  input: unknown;
}

/** Provider-neutral conversation message used by the agent loop. */
export type ModelMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[] }
  | { role: 'tool'; results: { id: string; name: string; output: string; isError?: boolean }[] };

/** What every model request carries. */
export interface ModelCallCommon {
  /** Model reference as written (`anthropic:claude-…`, `openai:gpt-…`, or a bare id); undefined = default. */
  model?: string;
  system: string;
  signal: AbortSignal;
}

export interface ObjectRequest extends ModelCallCommon {
  /** The single user message. */
  prompt: string;
  schema: JsonSchemaObject;
  /** Name given to the schema where the provider wants one. */
  schemaName: string;
}

export interface TurnRequest extends ModelCallCommon {
  messages: ModelMessage[];
  tools: ModelToolSpec[];
}

/** What a model call produced, or why it could not be made. Expected failures are values. */
export type ModelCallResult<T> =
  | { ok: true; value: T; modelId: string }
  | { ok: false; code: ModelFailureCode; message: string };

export type ModelFailureCode =
  /** No provider/model/key configured, or an unknown provider prefix. */
  | 'RUNNER_MODEL_NOT_CONFIGURED'
  /** `ai` or a provider package is not installed. */
  | 'RUNNER_MODEL_UNAVAILABLE'
  /** Network error, non-2xx answer, refused base URL. */
  | 'RUNNER_MODEL_REQUEST_FAILED'
  /** The call was aborted through `signal`. */
  | 'RUNNER_MODEL_ABORTED';

export interface ModelTurn {
  text: string;
  toolCalls: ModelToolCall[];
}

export interface ModelClient {
  /**
   * One non-streaming call with JSON-schema structured output and no tools. Returns the raw text
   * the model produced: callers validate it themselves, since local servers do not always honour
   * the schema (dependencies.md §2(g)).
   */
  generateObject(request: ObjectRequest): Promise<ModelCallResult<{ text: string }>>;
  /** One model turn of a tool loop: the model answers with text and/or tool calls. */
  generateTurn(request: TurnRequest): Promise<ModelCallResult<ModelTurn>>;
}
