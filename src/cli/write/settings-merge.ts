import { isDeepStrictEqual } from 'node:util';
import { appendElement, insertProperty } from './json-insert.ts';
import { formattingOf, isObject, type JsonMerge, keepingBom, parseExisting } from './json-merge.ts';

/** The address an editor schema mapping points at: entries are the same mapping when these agree. */
function urlOf(entry: unknown): unknown {
  return isObject(entry) ? entry.url : undefined;
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
  const formatting = formattingOf(existing);
  const notes: string[] = [];
  let text = existing.trim() === '' ? '{}\n' : existing;
  // Only text is added: the user's bytes stay (json-insert.ts).
  const add = (path: string[], key: string, value: unknown): void => {
    text = insertProperty(text, path, key, value, formatting);
  };
  for (const [key, value] of Object.entries(incoming)) {
    const have = current[key];
    if (have === undefined) {
      add([], key, value);
    } else if (Array.isArray(value)) {
      if (!Array.isArray(have)) return `its "${key}" is not a list`;
      for (const entry of value) {
        const same = have.find((old) => urlOf(old) === urlOf(entry));
        if (same === undefined) text = appendElement(text, [key], entry, formatting);
        else if (!isDeepStrictEqual(same, entry))
          notes.push(`kept your "${key}" entry for ${String(urlOf(entry))}`);
      }
    } else if (isObject(value)) {
      if (!isObject(have)) return `its "${key}" is not an object`;
      for (const [name, item] of Object.entries(value)) {
        if (!(name in have)) add([key], name, item);
        else if (!isDeepStrictEqual(have[name], item)) notes.push(`kept your "${key}" entry for ${name}`);
      }
    } else if (!isDeepStrictEqual(have, value)) {
      notes.push(`kept the existing "${key}"`);
    }
  }
  return { text, notes };
}
