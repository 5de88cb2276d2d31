import { readFileSync, statSync } from 'node:fs';
import type { NormalizedHandler } from '../../model/handler.ts';
import { findScriptRefs } from '../trust/script-refs.ts';

/**
 * Field names only one of Copilot's two payload forms has (other-agents-hooks.md §1.3): these pick
 * Copilot event keys. VS Code payloads carry `sessionId` beside `session_id` (§2.5), but a script
 * reading both forms' fields still gets only one of them from any Copilot key.
 */
const SNAKE_FIELDS = /\b(tool_input|tool_name|tool_response|hook_event_name|session_id|tool_use_id)\b/;
const CAMEL_FIELDS = /\b(toolArgs|toolName|toolResult|sessionId)\b/;
/** Scripts larger than this are not read: a hook script is small; a binary is not inspected. */
const MAX_SCRIPT_BYTES = 1_048_576;

/** Which input fields the hooks' commands and scripts read. */
export interface PayloadReading {
  /** `snake` or `camel` when every reader agrees; `mixed` when they do not; `unknown` when none shows. */
  form: 'snake' | 'camel' | 'mixed' | 'unknown';
  /** The commands or script files that read snake_case fields, and camelCase ones. */
  snake: string[];
  camel: string[];
}

function commandTexts(handler: NormalizedHandler): string[] {
  if (handler.type !== 'command') return [];
  const spec = handler.spec;
  return [spec.command, spec.bash, spec.linux, spec.osx, spec.powershell, spec.windows, spec.exec].filter(
    (text): text is string => text !== undefined,
  );
}

function readScript(path: string): string | undefined {
  try {
    if (statSync(path).size > MAX_SCRIPT_BYTES) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Inspects what the command hooks read: their command lines and the project scripts they run
 * (the same script discovery as `trust`), so that `convert` keeps the payload form they expect.
 */
export function inspectPayloadReading(
  handlers: readonly NormalizedHandler[],
  projectDir: string,
): PayloadReading {
  const snake = new Set<string>();
  const camel = new Set<string>();
  for (const handler of handlers) {
    const texts: [string, string][] = commandTexts(handler).map((text) => [text, text]);
    for (const ref of findScriptRefs(handler, projectDir)) {
      const text = readScript(ref.path);
      if (text !== undefined) texts.push([ref.display, text]);
    }
    for (const [name, text] of texts) {
      if (SNAKE_FIELDS.test(text)) snake.add(name);
      if (CAMEL_FIELDS.test(text)) camel.add(name);
    }
  }
  const form =
    snake.size > 0 && camel.size > 0
      ? 'mixed'
      : snake.size > 0
        ? 'snake'
        : camel.size > 0
          ? 'camel'
          : 'unknown';
  return { form, snake: [...snake], camel: [...camel] };
}
