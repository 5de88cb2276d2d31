import type { NormalizedHandler } from '../../model/handler.ts';

type WithoutIdentity = NormalizedHandler extends infer H
  ? H extends NormalizedHandler
    ? Omit<H, 'identity'>
    : never
  : never;

/**
 * Deduplication key (claude-code-hooks.md §4.9): command = shell + command + args + if;
 * prompt/agent = prompt + if; http = url + if; mcp_tool = server + tool + input + if; namespaced by
 * plugin or skill root. Function hooks are never deduplicated.
 */
export function handlerIdentity(handler: WithoutIdentity, namespace = ''): string | undefined {
  const condition = handler.if ?? '';
  switch (handler.type) {
    case 'command':
      return JSON.stringify([
        namespace,
        'command',
        handler.spec.shell ?? 'bash',
        handler.spec.command ?? '',
        handler.spec.args ?? null,
        condition,
      ]);
    case 'prompt':
    case 'agent':
      return JSON.stringify([namespace, handler.type, handler.spec.prompt, condition]);
    case 'http':
      return JSON.stringify([namespace, 'http', handler.spec.url, condition]);
    case 'mcp_tool':
      return JSON.stringify([
        namespace,
        'mcp_tool',
        handler.spec.server,
        handler.spec.tool,
        stableJson(handler.spec.input ?? null),
        condition,
      ]);
    default:
      return undefined;
  }
}

/** JSON with sorted object keys, so `{a,b}` and `{b,a}` inputs share an identity. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
