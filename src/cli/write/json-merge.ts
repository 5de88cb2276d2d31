import { isDeepStrictEqual } from 'node:util';
import { type FormattingOptions, type ParseError, parse, parseTree, printParseErrorCode } from 'jsonc-parser';
import { duplicateKeys, offsetMapper } from '../../config/parse/source-doc.ts';
import { appendElement, insertProperty } from './json-insert.ts';

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

/**
 * Parses the existing file; a syntax error, a duplicate key or a non-object is a reason to refuse
 * the merge. A leading byte order mark is skipped, as the configuration reader skips it.
 */
export function parseExisting(text: string): Record<string, unknown> | string {
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  const position = offsetMapper(body);
  const at = (offset: number): string => {
    const { line, column } = position(offset);
    return `line ${line}, column ${column}`;
  };
  if (first) return `it is not valid JSON (${printParseErrorCode(first.error)} at ${at(first.offset)})`;
  if (body.trim() === '') return {};
  if (!isObject(value)) return 'it does not hold a JSON object';
  // A reader keeps the last of two equal keys, while an edit would change the first.
  const root = parseTree(body, [], { allowTrailingComma: true, disallowComments: false });
  const twice = root && duplicateKeys(root, position)[0];
  return twice
    ? `the key "${twice.key}" appears twice in one object (line ${twice.line}, column ${twice.column})`
    : value;
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
  const formatting = formattingOf(existing);
  const notes: string[] = [];
  let text = existing.trim() === '' ? '{}\n' : existing;
  // Only text is added: the user's bytes stay (json-insert.ts).
  const add = (path: string[], key: string, value: unknown): void => {
    text = insertProperty(text, path, key, value, formatting);
  };
  for (const [key, value] of Object.entries(incoming)) {
    if (key === 'hooks') continue;
    if (!(key in current)) add([], key, value);
    else if (!isDeepStrictEqual(current[key], value)) notes.push(`kept the existing "${key}"`);
  }
  const hooks = incoming.hooks;
  if (!isObject(hooks)) return { text, notes };
  const existingHooks = current.hooks;
  if (existingHooks !== undefined && !isObject(existingHooks)) return 'its "hooks" is not an object';
  let hooksThere = existingHooks !== undefined;
  for (const [event, entries] of Object.entries(hooks)) {
    const list = isObject(existingHooks) ? existingHooks[event] : undefined;
    if (list === undefined || !Array.isArray(entries)) {
      if (hooksThere) add(['hooks'], event, entries);
      else add([], 'hooks', { [event]: entries });
      hooksThere = true;
      continue;
    }
    if (!Array.isArray(list)) return `its "hooks.${event}" is not a list`;
    for (const entry of entries) {
      if (list.some((old) => isDeepStrictEqual(old, entry))) {
        notes.push(`an equal ${event} entry is already there`);
        continue;
      }
      text = appendElement(text, ['hooks', event], entry, formatting);
    }
  }
  return { text, notes };
}
