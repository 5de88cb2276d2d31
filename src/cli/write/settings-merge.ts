import { isDeepStrictEqual } from 'node:util';
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { formattingOf, isObject, type JsonMerge, keepingBom, parseExisting } from './json-merge.ts';

/** The address an editor schema mapping points at: entries are the same mapping when these agree. */
function urlOf(entry: unknown): unknown {
  return isObject(entry) ? entry.url : undefined;
}

/**
 * Appends `value` after the last element of the non-empty list at `key`, indented like that
 * element. jsonc-parser's own array insertion re-formats the neighbouring element, and the
 * user's entries must stay byte for byte.
 */
function appendAfterLast(text: string, key: string, value: unknown, unit: string): string {
  const list = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, [key]);
  const last = list?.children?.at(-1);
  if (last === undefined) return applyEdits(text, modify(text, [key, 0], value, { isArrayInsertion: true }));
  const end = last.offset + last.length;
  const indent = /[ \t]*$/.exec(text.slice(0, last.offset))?.[0] ?? '';
  const body = JSON.stringify(value, null, unit).replaceAll('\n', `\n${indent}`);
  return `${text.slice(0, end)},\n${indent}${body}${text.slice(end)}`;
}

/**
 * Merges editor schema settings into a settings file (VS Code's JSONC, comments kept): a list key
 * such as `json.schemas` gets each incoming entry whose `url` it does not map yet; an object key
 * such as `yaml.schemas` gets each incoming property it lacks. A mapping the user already has for
 * the same address is left as it is, with a note. Returns a reason when the file cannot be merged.
 */
export function mergeSchemaSettings(existing: string, incoming: Record<string, unknown>): JsonMerge | string {
  return keepingBom(existing, (text) => mergeSettings(text, incoming));
}

function mergeSettings(existing: string, incoming: Record<string, unknown>): JsonMerge | string {
  const current = parseExisting(existing);
  if (typeof current === 'string') return current;
  const formattingOptions = formattingOf(existing);
  const unit = formattingOptions.insertSpaces ? ' '.repeat(formattingOptions.tabSize ?? 2) : '\t';
  const notes: string[] = [];
  let text = existing.trim() === '' ? '{}\n' : existing;
  const edit = (path: (string | number)[], value: unknown): void => {
    text = applyEdits(text, modify(text, path, value, { formattingOptions }));
  };
  for (const [key, value] of Object.entries(incoming)) {
    const have = current[key];
    if (have === undefined) {
      edit([key], value);
    } else if (Array.isArray(value)) {
      if (!Array.isArray(have)) return `its "${key}" is not a list`;
      for (const entry of value) {
        const same = have.find((old) => urlOf(old) === urlOf(entry));
        if (same === undefined) text = appendAfterLast(text, key, entry, unit);
        else if (!isDeepStrictEqual(same, entry))
          notes.push(`kept your "${key}" entry for ${String(urlOf(entry))}`);
      }
    } else if (isObject(value)) {
      if (!isObject(have)) return `its "${key}" is not an object`;
      for (const [name, item] of Object.entries(value)) {
        if (!(name in have)) edit([key, name], item);
        else if (!isDeepStrictEqual(have[name], item)) notes.push(`kept your "${key}" entry for ${name}`);
      }
    } else if (!isDeepStrictEqual(have, value)) {
      notes.push(`kept the existing "${key}"`);
    }
  }
  return { text, notes };
}
