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
  /** The new text: every entry install wrote taken out, and `hooks` too when that left it empty. */
  text: string;
  /** Entries taken out. */
  removed: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The byte order mark some editors put first: set aside for the edits and put back, as install keeps it. */
const BOM = '\uFEFF';

function keepingBom(text: string, edit: (body: string) => string): string {
  return text.startsWith(BOM) ? `${BOM}${edit(text.slice(BOM.length))}` : edit(text);
}

/** The file's JSON, parsed as install parses it (comments and trailing commas read, a BOM skipped). */
function parseObject(text: string): Record<string, unknown> | undefined {
  const errors: ParseError[] = [];
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const value: unknown = parse(body, errors, { allowTrailingComma: true });
  return errors.length > 0 || !isObject(value) ? undefined : value;
}

/**
 * Removes the entries of `installed.hooks` from `text` (and those of `earlier` forms of it, what
 * older versions of install wrote); a reason string when the file cannot be read as JSON. When
 * that empties `hooks`, the key goes too: install added it (an empty `hooks` means nothing).
 */
export function removeInstalled(
  text: string,
  installed: Record<string, unknown>,
  earlier: readonly Record<string, unknown>[] = [],
): Removal | string {
  const current = parseObject(text);
  if (current === undefined) return 'it is not a JSON object';
  const hooks = current.hooks;
  if (!isObject(hooks)) return { text, removed: 0 };
  const forms = [installed, ...earlier].map((form) => form.hooks as Record<string, unknown[]>);
  let removed = 0;
  const remaining: Record<string, unknown> = { ...hooks };
  const out = keepingBom(text, (body) => {
    let edited = body;
    for (const event of Object.keys(installed.hooks as object)) {
      const entries = forms.flatMap((form) => form[event] ?? []);
      const list = hooks[event];
      if (!Array.isArray(list)) continue;
      const ours = (entry: unknown): boolean => entries.some((mine) => isDeepStrictEqual(entry, mine));
      const keep = list.filter((entry) => !ours(entry));
      if (keep.length === list.length) continue;
      removed += list.length - keep.length;
      // Indexes from the end, so earlier ones stay valid; an emptied event key goes as a whole.
      if (keep.length === 0) {
        edited = applyEdits(edited, removalEdits(edited, ['hooks', event]));
        delete remaining[event];
        continue;
      }
      for (let i = list.length - 1; i >= 0; i--) {
        if (ours(list[i])) edited = applyEdits(edited, removalEdits(edited, ['hooks', event, i]));
      }
      remaining[event] = keep;
    }
    if (removed > 0 && Object.keys(remaining).length === 0)
      edited = applyEdits(edited, removalEdits(edited, ['hooks']));
    return edited;
  });
  return { text: out, removed };
}

/** Every command line in an entry: Claude's and VS Code's `command`, Copilot's `bash`. */
function commandLines(value: unknown): string[] {
  const found: string[] = [];
  const visit = (item: unknown): void => {
    if (Array.isArray(item)) for (const inner of item) visit(inner);
    else if (isObject(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if ((key === 'command' || key === 'bash') && typeof inner === 'string') found.push(inner);
        else visit(inner);
      }
    }
  };
  visit(value);
  return found;
}

/** A bridge entry in a hook file that is not one install writes, and why. */
export interface ForeignBridgeEntry {
  event: string;
  /** The command line that starts the bridge. */
  command: string;
  /**
   * Why it is not install's: `earlier` is what install wrote before it put timeouts on the
   * entries, `options` starts the bridge with other options, `group` shares its Claude group with
   * other handlers, `edited` has a key install does not write (or another value).
   */
  why: 'earlier' | 'options' | 'group' | 'edited';
}

/**
 * The entries of `text` that start the bridge for a host (a command line `bridgeHost` accepts)
 * but are not equal to one `installed` holds for their event: what uninstall leaves, and what
 * install warns about, since both would run on every event. An entry equal to an `earlier` form
 * (what install wrote before) is named as such.
 */
export function foreignBridgeEntries(
  text: string | undefined,
  installed: Record<string, unknown>,
  bridgeHost: (command: string) => boolean,
  earlier: readonly Record<string, unknown>[] = [],
): ForeignBridgeEntry[] {
  const hooks = text === undefined ? undefined : parseObject(text)?.hooks;
  if (!isObject(hooks)) return [];
  const found: ForeignBridgeEntry[] = [];
  const now = installed.hooks as Record<string, unknown[]>;
  const before = earlier.map((form) => form.hooks as Record<string, unknown[]>);
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const equal = (entry: unknown, entries: unknown[] | undefined): boolean =>
      (entries ?? []).some((ours) => isDeepStrictEqual(entry, ours));
    const planned = new Set(commandLines(now[event]));
    for (const entry of list) {
      if (equal(entry, now[event])) continue;
      const lines = commandLines(entry);
      for (const command of lines.filter(bridgeHost)) {
        const why = before.some((form) => equal(entry, form[event]))
          ? 'earlier'
          : !planned.has(command)
            ? 'options'
            : lines.length > 1
              ? 'group'
              : 'edited';
        found.push({ event, command, why });
      }
    }
  }
  return found;
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
 * the defaults, as no setting does: other-agents-hooks.md §2.2). A location set to anything but
 * `true` is the user's (install never writes it) and stays, as does everything else.
 */
export function removeLocation(text: string, key: string, folder: string): string {
  const settings = parseObject(text);
  const locations = settings?.[key];
  if (!isObject(locations) || locations[folder] !== true) return text;
  const alone = Object.keys(locations).length === 1;
  return keepingBom(text, (body) => applyEdits(body, removalEdits(body, alone ? [key] : [key, folder])));
}
