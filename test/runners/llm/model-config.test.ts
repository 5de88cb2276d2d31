import { describe, expect, it } from 'vitest';
import { confinedFetch } from '../../../src/runners/llm/confined-fetch.ts';
import { resolveModel } from '../../../src/runners/llm/model-config.ts';

describe('resolveModel', () => {
  it.each([
    [
      'AGENT_HOOKS_MODEL names the provider',
      undefined,
      { AGENT_HOOKS_MODEL: 'anthropic:claude-sonnet-4-6', ANTHROPIC_API_KEY: 'k' },
      { provider: 'anthropic', modelId: 'claude-sonnet-4-6', baseURL: 'https://api.anthropic.com/v1' },
    ],
    [
      'ANTHROPIC_BASE_URL gains /v1',
      undefined,
      { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' },
      { provider: 'anthropic', modelId: 'claude-haiku-4-5', baseURL: 'http://127.0.0.1:9/v1' },
    ],
    [
      'a bare claude id in the hook is Anthropic even with an OpenAI default',
      'claude-sonnet-4-6',
      { AGENT_HOOKS_MODEL: 'openai:gpt-4o-mini', OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'k' },
      { provider: 'anthropic', modelId: 'claude-sonnet-4-6' },
    ],
    [
      'a bare non-claude id uses the default provider',
      'gpt-4.1-mini',
      { AGENT_HOOKS_MODEL: 'openai:gpt-4o-mini', OPENAI_API_KEY: 'o' },
      { provider: 'openai', modelId: 'gpt-4.1-mini', baseURL: 'https://api.openai.com/v1' },
    ],
    [
      'a local OpenAI-compatible server needs no key',
      undefined,
      { AGENT_HOOKS_MODEL: 'openai:llama3.2', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/' },
      { provider: 'openai', modelId: 'llama3.2', baseURL: 'http://127.0.0.1:11434/v1', apiKey: undefined },
    ],
    [
      'the hook model overrides the default',
      'openai:gpt-4.1',
      { AGENT_HOOKS_MODEL: 'anthropic:claude-haiku-4-5', ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'o' },
      { provider: 'openai', modelId: 'gpt-4.1' },
    ],
  ])('%s', (_name, hookModel, env, expected) => {
    const r = resolveModel(hookModel, {}, env);
    expect(r.ok && r.model).toMatchObject(expected);
  });

  it('explicit settings win over the environment', () => {
    const r = resolveModel(
      undefined,
      { defaultModel: 'openai:m', openai: { baseURL: 'http://127.0.0.1:1/v1' } },
      { AGENT_HOOKS_MODEL: 'anthropic:claude-x', ANTHROPIC_API_KEY: 'k' },
    );
    expect(r.ok && r.model).toMatchObject({
      provider: 'openai',
      modelId: 'm',
      baseURL: 'http://127.0.0.1:1/v1',
    });
  });

  it.each([
    ['nothing configured', undefined, {}, 'AGENT_HOOKS_MODEL'],
    ['OpenAI without a model name', undefined, { OPENAI_API_KEY: 'o' }, 'No openai model'],
    ['Anthropic model without a key', 'anthropic:claude-x', {}, 'ANTHROPIC_API_KEY'],
    [
      'unknown provider prefix',
      'mistral:large',
      { ANTHROPIC_API_KEY: 'k' },
      'Unknown model provider "mistral"',
    ],
  ])('fails with a clear message: %s', (_name, hookModel, env, text) => {
    const r = resolveModel(hookModel, {}, env);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(text);
  });
});

describe('confinedFetch', () => {
  const seen: string[] = [];
  const inner = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push(`${String(input)} ${init?.redirect}`);
    return new Response('{}');
  }) as typeof fetch;
  const f = confinedFetch('http://127.0.0.1:8080/v1', inner);

  it('passes requests under the base URL, without following redirects', async () => {
    await f('http://127.0.0.1:8080/v1/messages');
    expect(seen).toEqual(['http://127.0.0.1:8080/v1/messages error']);
  });

  it.each([
    'http://127.0.0.2:8080/v1/messages',
    'http://127.0.0.1:8081/v1/messages',
    'http://127.0.0.1:8080/v10/messages',
    'http://127.0.0.1:8080/other',
  ])('refuses %s', async (url) => {
    await expect(f(url)).rejects.toThrow(/refused request/);
  });
});
