// Insertions into a JSON(C) text that change no byte of what is already there. jsonc-parser's
// `modify` re-formats the neighbouring property or element it inserts next to, which rewrote a
// user's one-line `"permissions": { … }` into five lines; these helpers only add text.
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  modify,
  type Node,
  parseTree,
} from 'jsonc-parser';

/** The node at `path` (the root for []), when the text parses far enough to have one. */
function nodeAt(text: string, path: (string | number)[]): Node | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return undefined;
  return path.length === 0 ? root : findNodeAtLocation(root, path);
}

/** The whitespace that starts the line `offset` is on, or undefined when other text comes first. */
function lineIndent(text: string, offset: number): string | undefined {
  const indent = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  return /^[ \t]*$/.test(indent) ? indent : undefined;
}

/** Where a new item goes after `end`: past a comment that ends the line, else right at `end`. */
function afterLineComment(text: string, end: number): number {
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, '');
  return /^\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(rest) && rest.trim() !== '' ? end + rest.length : end;
}

function unitOf(formatting: FormattingOptions): string {
  return formatting.insertSpaces === false ? '\t' : ' '.repeat(formatting.tabSize ?? 2);
}

/**
 * Adds `item` (already rendered, possibly on several lines joined with `\n`) after the last child
 * of a non-empty object or array node, on its own line indented like that child; when the child
 * shares its line with other text, on the same line after it, compact.
 */
function appendAfter(
  text: string,
  last: Node,
  render: (multiline: boolean, indent: string) => string,
  eol: string,
): string {
  const end = last.offset + last.length;
  const indent = lineIndent(text, last.offset);
  if (indent === undefined) return `${text.slice(0, end)}, ${render(false, '')}${text.slice(end)}`;
  const at = afterLineComment(text, end);
  return `${text.slice(0, end)},${text.slice(end, at)}${eol}${indent}${render(true, indent)}${text.slice(at)}`;
}

/** Adds `item` inside an empty object or array node, one level deeper than the line it opens on. */
function insertIntoEmpty(
  text: string,
  node: Node,
  render: (multiline: boolean, indent: string) => string,
  formatting: FormattingOptions,
): string {
  const eol = formatting.eol ?? '\n';
  const open = text.slice(text.lastIndexOf('\n', node.offset - 1) + 1, node.offset);
  const base = /^[ \t]*/.exec(open)?.[0] ?? '';
  const inner = `${base}${unitOf(formatting)}`;
  const close = node.offset + node.length - 1;
  // A comment inside the empty braces stays, before the new item.
  const inside = text.slice(node.offset + 1, close).trimEnd();
  const kept = inside.trim() === '' ? '' : inside;
  return `${text.slice(0, node.offset + 1)}${kept}${eol}${inner}${render(true, inner)}${eol}${base}${text.slice(close)}`;
}

function rendered(value: unknown, formatting: FormattingOptions) {
  const eol = formatting.eol ?? '\n';
  return (multiline: boolean, indent: string): string =>
    multiline
      ? JSON.stringify(value, null, unitOf(formatting)).split('\n').join(`${eol}${indent}`)
      : JSON.stringify(value);
}

/**
 * Adds the property `key: value` to the object at `path`, after its last property. Where there is
 * no object there yet, jsonc-parser's edit makes it (and its parents); nothing else is re-formatted.
 */
export function insertProperty(
  text: string,
  path: (string | number)[],
  key: string,
  value: unknown,
  formatting: FormattingOptions,
): string {
  const node = nodeAt(text, path);
  if (node?.type !== 'object')
    return applyEdits(text, modify(text, [...path, key], value, { formattingOptions: formatting }));
  const body = rendered(value, formatting);
  const render = (multiline: boolean, indent: string): string =>
    `${JSON.stringify(key)}: ${body(multiline, indent)}`;
  const last = node.children?.at(-1);
  return last
    ? appendAfter(text, last, render, formatting.eol ?? '\n')
    : insertIntoEmpty(text, node, render, formatting);
}

/** Appends `value` to the array at `path`; where there is none yet, jsonc-parser's edit makes it. */
export function appendElement(
  text: string,
  path: (string | number)[],
  value: unknown,
  formatting: FormattingOptions,
): string {
  const node = nodeAt(text, path);
  if (node?.type !== 'array') {
    const edit = { formattingOptions: formatting, isArrayInsertion: true };
    return applyEdits(text, modify(text, [...path, -1], value, edit));
  }
  const render = rendered(value, formatting);
  const last = node.children?.at(-1);
  return last
    ? appendAfter(text, last, render, formatting.eol ?? '\n')
    : insertIntoEmpty(text, node, render, formatting);
}
