/**
 * `$ARGUMENTS` substitution for prompt and agent hooks (claude-code-hooks.md §4.5): the same
 * engine as skill arguments, so positional forms are recognised and `\$` escapes a literal dollar.
 *
 * - `$ARGUMENTS` → the whole hook input JSON;
 * - `$ARGUMENTS[N]` and `$N` → the N-th positional argument. A hook input has no positional
 *   arguments; we take the input object's values in key order (`$0` = first field's value);
 * - `$ARGUMENTS[name]` → the input's field `name` (e.g. `$ARGUMENTS[transcript_path]`,
 *   seed 004), dotted paths allowed (`$ARGUMENTS[tool_input.command]`);
 * - when the prompt has no placeholder at all (none of the forms above), the JSON is appended after a blank line.
 *
 * Strings are inserted verbatim; other values as JSON; unknown fields as the empty string.
 */
export function substituteArguments(
  prompt: string,
  input: Record<string, unknown>,
  inputJson?: string,
): string {
  const json = inputJson ?? JSON.stringify(input);
  const positional = Object.values(input);
  let sawArguments = false;
  const out = prompt.replace(
    /\\\$|\$ARGUMENTS\[([^\]\s]+)\]|\$ARGUMENTS\b|\$(\d+)/g,
    (match, key: string | undefined, digits: string | undefined) => {
      if (match === '\\$') return '$';
      sawArguments = true;
      if (digits !== undefined) return render(positional[Number(digits)]);
      if (key === undefined) return json;
      if (/^\d+$/.test(key)) return render(positional[Number(key)]);
      return render(lookupPath(input, key));
    },
  );
  return sawArguments ? out : `${out}\n\n${json}`;
}

/** `a.b.c` lookup through objects (and array indices); undefined when any step is missing. */
export function lookupPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function render(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
