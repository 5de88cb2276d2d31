import { isDeepStrictEqual } from 'node:util';
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
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

/** Parses the existing file; a syntax error or a non-object is a reason to refuse the merge. */
export function parseExisting(text: string): Record<string, unknown> | string {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) return `it is not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset})`;
  if (text.trim() === '') return {};
  if (!isObject(value)) return 'it does not hold a JSON object';
  return value;
}

/**
 * Merges a converted hook configuration into an existing JSON file with `jsonc-parser` edits:
 * each incoming hook entry is appended to its event's list unless an equal entry is already
 * there; other incoming top-level keys (`version`, `$schema`) are added only where absent. Every
 * other key, comment and line keeps its formatting. Returns a reason string when it cannot merge.
 */
export function mergeHookConfig(existing: string, incoming: Record<string, unknown>): JsonMerge | string {
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
