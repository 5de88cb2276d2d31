// `bridge uninstall`: takes out of a hook file exactly the entries `bridge install` put there,
// with jsonc-parser edits so every other byte, comment and key stays.
import { isDeepStrictEqual } from 'node:util';
import { applyEdits, modify, type ParseError, parse } from 'jsonc-parser';

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
      out = applyEdits(out, modify(out, ['hooks', event], undefined, {}));
      delete remaining[event];
      continue;
    }
    for (let i = list.length - 1; i >= 0; i--) {
      if (entries.some((mine) => isDeepStrictEqual(list[i], mine)))
        out = applyEdits(out, modify(out, ['hooks', event, i], undefined, {}));
    }
    remaining[event] = keep;
  }
  const others = Object.keys(current).filter((key) => key !== 'hooks');
  const onlyOurs = others.every((key) => isDeepStrictEqual(current[key], installed[key]));
  if (removed > 0 && Object.keys(remaining).length === 0 && onlyOurs) return { text: null, removed };
  return { text: out, removed };
}
