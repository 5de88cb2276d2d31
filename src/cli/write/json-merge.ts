import { isDeepStrictEqual } from 'node:util';
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  type Node as JsonNode,
  modify,
  type ParseError,
  parse,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';

export interface JsonMerge {
  /** The existing text with the incoming hooks added; every other byte kept. */
  text: string;
  /** What the merge kept or skipped, for the user (an existing key left as it was). */
  notes: string[];
}

/** How the existing file indents, so that inserted lines look like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The byte order mark some editors put first: readers skip it, so the merge sets it aside and puts it back. */
const BOM = '\uFEFF';

/** Line and column (1-based) of `offset` in `text`, as an editor shows them. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/**
 * A key that appears twice in one object: a JSON reader keeps the last, while an edit would change
 * the first, so a merge could replace a hook or add one that never loads. Undefined when none.
 */
function duplicateKey(text: string): string | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const pending: JsonNode[] = root ? [root] : [];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const seen = new Set<string>();
    for (const child of node.children ?? []) {
      if (node.type === 'object' && child.children?.[0]) {
        const key = String(child.children[0].value);
        if (seen.has(key))
          return `the key "${key}" appears twice in one object (${lineColumn(text, child.offset)})`;
        seen.add(key);
      }
      pending.push(child);
    }
  }
  return undefined;
}

/**
 * Parses the existing file; a syntax error, a duplicate key or a non-object is a reason to refuse
 * the merge. A leading byte order mark is skipped, as the configuration reader skips it.
 */
export function parseExisting(text: string): Record<string, unknown> | string {
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first)
    return `it is not valid JSON (${printParseErrorCode(first.error)} at ${lineColumn(body, first.offset)})`;
  if (body.trim() === '') return {};
  if (!isObject(value)) return 'it does not hold a JSON object';
  return duplicateKey(body) ?? value;
}

/**
 * Runs a merge on the text after a byte order mark and puts the mark back, so that the file keeps
 * every byte it had; jsonc-parser's offsets would otherwise be one off.
 */
export function keepingBom(
  existing: string,
  merge: (text: string) => JsonMerge | string,
): JsonMerge | string {
  if (!existing.startsWith(BOM)) return merge(existing);
  const merged = merge(existing.slice(BOM.length));
  return typeof merged === 'string' ? merged : { ...merged, text: `${BOM}${merged.text}` };
}

/**
 * Merges a converted hook configuration into an existing JSON file with `jsonc-parser` edits:
 * each incoming hook entry is appended to its event's list unless an equal entry is already
 * there; other incoming top-level keys (`version`, `$schema`) are added only where absent. Every
 * other key, comment and line keeps its formatting. Returns a reason string when it cannot merge.
 */
export function mergeHookConfig(existing: string, incoming: Record<string, unknown>): JsonMerge | string {
  return keepingBom(existing, (text) => mergeHooks(text, incoming));
}

function mergeHooks(existing: string, incoming: Record<string, unknown>): JsonMerge | string {
  const current = parseExisting(existing);
  if (typeof current === 'string') return current;
  const formattingOptions = formattingOf(existing);
  const notes: string[] = [];
  let text = existing.trim() === '' ? '{}\n' : existing;
  const edit = (path: (string | number)[], value: unknown, isArrayInsertion = false): void => {
    text = applyEdits(text, modify(text, path, value, { formattingOptions, isArrayInsertion }));
  };
  for (const [key, value] of Object.entries(incoming)) {
    if (key === 'hooks') continue;
    if (!(key in current)) edit([key], value);
    else if (!isDeepStrictEqual(current[key], value)) notes.push(`kept the existing "${key}"`);
  }
  const hooks = incoming.hooks;
  if (!isObject(hooks)) return { text, notes };
  const existingHooks = current.hooks;
  if (existingHooks !== undefined && !isObject(existingHooks)) return 'its "hooks" is not an object';
  for (const [event, entries] of Object.entries(hooks)) {
    const list = isObject(existingHooks) ? existingHooks[event] : undefined;
    if (list === undefined || !Array.isArray(entries)) {
      edit(['hooks', event], entries);
      continue;
    }
    if (!Array.isArray(list)) return `its "hooks.${event}" is not a list`;
    let length = list.length;
    for (const entry of entries) {
      if (list.some((old) => isDeepStrictEqual(old, entry))) {
        notes.push(`an equal ${event} entry is already there`);
        continue;
      }
      const appended = appendAfterLast(text, ['hooks', event], entry, formattingOptions);
      if (appended === undefined) edit(['hooks', event, length], entry, true);
      else text = appended;
      length += 1;
    }
  }
  return { text, notes };
}

/**
 * Appends `value` after the last element of the array at `path`, as its own lines indented like
 * that element. jsonc-parser's array insertion re-formats the neighbouring element, which would
 * change bytes of the user's entry; this touches nothing but the inserted text. Undefined when
 * the array is empty or its last element shares a line with other text (then jsonc edits do it).
 */
function appendAfterLast(
  text: string,
  path: string[],
  value: unknown,
  formatting: FormattingOptions,
): string | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const array = root && findNodeAtLocation(root, path);
  const last = array?.type === 'array' ? array.children?.at(-1) : undefined;
  if (!last) return undefined;
  const indent = text.slice(text.lastIndexOf('\n', last.offset) + 1, last.offset);
  if (!/^[ \t]*$/.test(indent)) return undefined;
  const unit = formatting.insertSpaces ? ' '.repeat(formatting.tabSize ?? 2) : '\t';
  const eol = formatting.eol ?? '\n';
  const body = JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
  const end = last.offset + last.length;
  return `${text.slice(0, end)},${eol}${indent}${body}${text.slice(end)}`;
}
