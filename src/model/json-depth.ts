// Depth limits for JSON that a model, a tool or a repository controls. V8's JSON.stringify and
// recursive parsers overflow the stack a few thousand levels down; a RangeError there would lose a
// whole dispatch (and a guard's decision) or a whole settings file. Every check here is iterative.

/** The deepest nesting accepted in hook input, hook output and configuration files. */
export const MAX_JSON_DEPTH = 512;

/** What replaces a container nested deeper than the limit in a clipped value. */
export const TOO_DEEP_MARKER = `[nested deeper than ${MAX_JSON_DEPTH} levels]`;

/**
 * The spans `[start, end]` (inclusive offsets) of JSON text whose brackets open at nesting level
 * `maxDepth + 1` or deeper, outermost only; strings (and, when `comments`, `//` and block comments)
 * are skipped. An unclosed span runs to the end of the text.
 */
export function tooDeepSpans(text: string, maxDepth: number, comments = false): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (comments && c === SLASH) i = commentEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth === maxDepth + 1) start = i;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === maxDepth + 1 && start >= 0) {
        spans.push([start, i]);
        start = -1;
      }
      if (depth > 0) depth--;
    }
  }
  if (start >= 0) spans.push([start, text.length - 1]);
  return spans;
}

/** Whether JSON text nests deeper than `maxDepth` (strict JSON: no comments). */
export function textTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Whether a value nests objects or arrays deeper than `maxDepth` (a cycle counts as too deep). */
export function valueTooDeep(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** A copy of `value` whose containers deeper than `maxDepth` are replaced by `TOO_DEEP_MARKER`. */
export function clipDepth(value: unknown, maxDepth: number = MAX_JSON_DEPTH): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (maxDepth <= 0) return TOO_DEEP_MARKER;
  if (Array.isArray(value)) return value.map((item) => clipDepth(item, maxDepth - 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = clipDepth(item, maxDepth - 1);
  return copy;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Offset of the quote closing the string that opens at `at` (or the last offset). */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length - 1;
}

/** Offset of the last character of a comment starting at `at`; `at` itself when none starts there. */
function commentEnd(text: string, at: number): number {
  const next = text.charCodeAt(at + 1);
  if (next === SLASH) {
    const end = text.indexOf('\n', at);
    return end < 0 ? text.length - 1 : end - 1;
  }
  if (next === STAR) {
    const end = text.indexOf('*/', at + 2);
    return end < 0 ? text.length - 1 : end + 1;
  }
  return at;
}
