// `bridge uninstall`: takes out of a hook file exactly the entries `bridge install` put there,
// with jsonc-parser edits so every other byte, comment and key stays.
import { isDeepStrictEqual } from 'node:util';
import {
  applyEdits,
  type Edit,
  findNodeAtLocation,
  type JSONPath,
  modify,
  type ParseError,
  parse,
  parseTree,
} from 'jsonc-parser';

export interface Removal {
  /** The new text; `null` when the file held nothing but what install wrote (delete it). */
  text: string | null;
  /** Entries taken out. */
  removed: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Removes `installed.hooks` entries from `text`; a reason string when the file cannot be read as JSON. */
export function removeInstalled(text: string, installed: Record<string, unknown>): Removal | string {
  const errors: ParseError[] = [];
  const current: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || !isObject(current)) return 'it is not a JSON object';
  const hooks = current.hooks;
  const ours = installed.hooks as Record<string, unknown[]>;
  if (!isObject(hooks)) return { text, removed: 0 };
  let out = text;
  let removed = 0;
  const remaining: Record<string, unknown> = { ...hooks };
  for (const [event, entries] of Object.entries(ours)) {
    const list = hooks[event];
    if (!Array.isArray(list)) continue;
    const keep = list.filter((entry) => !entries.some((mine) => isDeepStrictEqual(entry, mine)));
    if (keep.length === list.length) continue;
    removed += list.length - keep.length;
    // Indexes from the end, so earlier ones stay valid; an emptied event key goes as a whole.
    if (keep.length === 0) {
      out = applyEdits(out, removalEdits(out, ['hooks', event]));
      delete remaining[event];
      continue;
    }
    for (let i = list.length - 1; i >= 0; i--) {
      if (entries.some((mine) => isDeepStrictEqual(list[i], mine)))
        out = applyEdits(out, removalEdits(out, ['hooks', event, i]));
    }
    remaining[event] = keep;
  }
  const others = Object.keys(current).filter((key) => key !== 'hooks');
  const onlyOurs = others.every((key) => isDeepStrictEqual(current[key], installed[key]));
  if (removed > 0 && Object.keys(remaining).length === 0 && onlyOurs) return { text: null, removed };
  return { text: out, removed };
}

/**
 * The edit that takes out the array element or object property at `path`: the exact reverse of
 * appending it. jsonc-parser's own removal of a last element also takes the line break and
 * indentation before the closing bracket (`} ]`), and of a first property the one after the
 * opening brace, so an install followed by an uninstall left the user's file reformatted.
 */
export function removalEdits(text: string, path: JSONPath): Edit[] {
  const node = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, path);
  // A property's value node: the property (key and value) is its parent.
  const item = node?.parent?.type === 'property' ? node.parent : node;
  const siblings = item?.parent?.children;
  if (!item || !siblings || siblings.length < 2) return modify(text, path, undefined, {});
  const at = siblings.indexOf(item);
  const end = (n: { offset: number; length: number }): number => n.offset + n.length;
  // A last one goes with the comma before it; any other with everything up to the next one.
  const previous = siblings[at - 1];
  const next = siblings[at + 1];
  const [from, to] = next ? [item.offset, next.offset] : [end(previous ?? item), end(item)];
  return [{ offset: from, length: to - from, content: '' }];
}

/**
 * VS Code's settings without the location `install` added (`chat.hookFilesLocations` →
 * `folder: true`): the setting goes as a whole when nothing else is left in it (an empty map means
 * the defaults, as no setting does: other-agents-hooks.md §2.2); `null` when the file is then an
 * empty object without comments, which install made or which held nothing (delete it).
 */
export function removeLocation(text: string, key: string, folder: string): string | null {
  const settings: unknown = parse(text, [], { allowTrailingComma: true });
  if (!isObject(settings) || !isObject(settings[key]) || !(folder in settings[key])) return text;
  const alone = Object.keys(settings[key]).length === 1;
  const out = applyEdits(text, removalEdits(text, alone ? [key] : [key, folder]));
  return out.replace(/\s/g, '') === '{}' ? null : out;
}
