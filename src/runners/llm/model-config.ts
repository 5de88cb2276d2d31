/** Which provider and endpoint a model reference resolves to. */
export type ProviderName = 'anthropic' | 'openai';

export interface ResolvedModel {
  provider: ProviderName;
  modelId: string;
  /** Base URL including the API version path (`…/v1`); requests go nowhere else. */
  baseURL: string;
  apiKey?: string;
}

/** Explicit configuration given by the host; each field falls back to the environment. */
export interface ModelSettings {
  /** Default model: `anthropic:claude-haiku-4-5`, `openai:gpt-4o-mini`, or a bare id. */
  defaultModel?: string;
  anthropic?: { apiKey?: string; baseURL?: string };
  openai?: { apiKey?: string; baseURL?: string };
}

const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The "small fast model" Claude Code uses for hooks when none is named (claude-code-hooks.md §4.5). */
export const ANTHROPIC_DEFAULT_MODEL = 'claude-haiku-4-5';

export const MODEL_SETUP_HINT: string =
  'set AGENT_HOOKS_MODEL (e.g. "anthropic:claude-haiku-4-5" or "openai:gpt-4o-mini") and ANTHROPIC_API_KEY ' +
  '(optionally ANTHROPIC_BASE_URL) or OPENAI_API_KEY / OPENAI_BASE_URL (a local server needs only the base URL), ' +
  "or pass the engine's model option";

/**
 * Resolves a hook's `model` (or the default) to a provider, model id and endpoint.
 * `provider:id` names the provider; a bare id starting with `claude` is Anthropic; any other bare
 * id uses the default model's provider, else whichever provider has credentials.
 */
export function resolveModel(
  hookModel: string | undefined,
  settings: ModelSettings,
  env: NodeJS.ProcessEnv,
): { ok: true; model: ResolvedModel } | { ok: false; message: string } {
  const creds = credentials(settings, env);
  const defaultRef = settings.defaultModel ?? env.AGENT_HOOKS_MODEL;
  const defaultParsed = defaultRef ? splitRef(defaultRef) : undefined;
  if (defaultParsed && 'error' in defaultParsed) return { ok: false, message: defaultParsed.error };
  const hookParsed = hookModel ? splitRef(hookModel) : undefined;
  if (hookParsed && 'error' in hookParsed) return { ok: false, message: hookParsed.error };

  let provider = hookParsed?.provider ?? (hookParsed?.modelId.startsWith('claude') ? 'anthropic' : undefined);
  provider ??= defaultParsed?.provider;
  if (!provider && defaultParsed?.modelId.startsWith('claude')) provider = 'anthropic';
  if (!provider) {
    if (creds.anthropicKey) provider = 'anthropic';
    else if (creds.openaiKey || creds.openaiBase) provider = 'openai';
  }
  if (!provider)
    return { ok: false, message: `No model is configured for prompt and agent hooks: ${MODEL_SETUP_HINT}.` };

  const modelId =
    hookParsed?.modelId ??
    (defaultParsed && (defaultParsed.provider ?? provider) === provider
      ? defaultParsed.modelId
      : undefined) ??
    (provider === 'anthropic' ? ANTHROPIC_DEFAULT_MODEL : undefined);
  if (!modelId) {
    return {
      ok: false,
      message: `No ${provider} model is named for prompt and agent hooks: ${MODEL_SETUP_HINT}.`,
    };
  }
  return endpointFor(provider, modelId, creds);
}

interface Credentials {
  anthropicKey: string | undefined;
  anthropicBase: string | undefined;
  openaiKey: string | undefined;
  openaiBase: string | undefined;
}

/** Keys and base URLs: the host's settings first, then the environment. */
function credentials(settings: ModelSettings, env: NodeJS.ProcessEnv): Credentials {
  return {
    anthropicKey: settings.anthropic?.apiKey ?? env.ANTHROPIC_API_KEY,
    anthropicBase: settings.anthropic?.baseURL ?? env.ANTHROPIC_BASE_URL,
    openaiKey: settings.openai?.apiKey ?? env.OPENAI_API_KEY,
    openaiBase: settings.openai?.baseURL ?? env.OPENAI_BASE_URL,
  };
}

/** The provider's endpoint and key for `modelId`, or what is missing. */
function endpointFor(
  provider: ProviderName,
  modelId: string,
  creds: Credentials,
): { ok: true; model: ResolvedModel } | { ok: false; message: string } {
  if (provider === 'anthropic') {
    if (!creds.anthropicKey) {
      return {
        ok: false,
        message: `Model "${modelId}" needs ANTHROPIC_API_KEY, which is not set: ${MODEL_SETUP_HINT}.`,
      };
    }
    const baseURL = withVersionPath(creds.anthropicBase) ?? ANTHROPIC_DEFAULT_BASE_URL;
    return { ok: true, model: { provider, modelId, apiKey: creds.anthropicKey, baseURL } };
  }
  if (!creds.openaiKey && !creds.openaiBase) {
    return {
      ok: false,
      message: `Model "${modelId}" needs OPENAI_API_KEY or OPENAI_BASE_URL, neither is set: ${MODEL_SETUP_HINT}.`,
    };
  }
  const baseURL = trimSlash(creds.openaiBase) ?? OPENAI_DEFAULT_BASE_URL;
  return { ok: true, model: { provider, modelId, apiKey: creds.openaiKey, baseURL } };
}

/** Why a model reference (`--model`, a hook's `model`) can never resolve, or undefined when it can. */
export function modelRefProblem(ref: string): string | undefined {
  const split = splitRef(ref);
  return 'error' in split ? split.error : undefined;
}

function splitRef(ref: string): { provider?: ProviderName; modelId: string } | { error: string } {
  const colon = ref.indexOf(':');
  if (colon < 0) return { modelId: ref };
  const prefix = ref.slice(0, colon);
  const modelId = ref.slice(colon + 1);
  if (prefix !== 'anthropic' && prefix !== 'openai') {
    return { error: `Unknown model provider "${prefix}" in "${ref}" (use "anthropic:" or "openai:")` };
  }
  if (!modelId) return { error: `Model reference "${ref}" names no model` };
  return { provider: prefix, modelId };
}

function trimSlash(url: string | undefined): string | undefined {
  return url ? url.replace(/\/+$/, '') : undefined;
}

/** `ANTHROPIC_BASE_URL` is conventionally the bare origin (`https://api.anthropic.com`). */
function withVersionPath(url: string | undefined): string | undefined {
  const trimmed = trimSlash(url);
  if (!trimmed) return undefined;
  return /\/v\d+$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}
