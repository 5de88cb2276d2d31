import { lookupPath } from '../llm/arguments.ts';

const PLACEHOLDER = /\$\{([A-Za-z0-9_.-]+)\}/g;
const WHOLE_PLACEHOLDER = /^\$\{([A-Za-z0-9_.-]+)\}$/;

/**
 * Substitutes `${path}` references in the string values of an `mcp_tool` hook's `input` with
 * values from the hook input (claude-code-hooks.md §4.4, e.g. `"${tool_input.file_path}"`).
 * A string that is exactly one placeholder takes the referenced value with its JSON type; inside
 * longer text, strings are inserted as they are and other values as JSON. Missing paths give "".
 */
export function substituteToolInput(template: unknown, hookInput: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    if (whole) return lookupPath(hookInput, whole[1]!) ?? '';
    return template.replace(PLACEHOLDER, (_m, path: string) => {
      const v = lookupPath(hookInput, path);
      if (v === undefined) return '';
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(template)) return template.map((v) => substituteToolInput(v, hookInput));
  if (template && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([k, v]) => [k, substituteToolInput(v, hookInput)]),
    );
  }
  return template;
}
