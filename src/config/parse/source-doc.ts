import {
  findNodeAtLocation,
  getNodeValue,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import { MAX_JSON_DEPTH, tooDeepSpans } from '../../model/json-depth.ts';

export type PathSegment = string | number;

export interface Position {
  line: number;
  column: number;
}

/** A parsed configuration text that can turn a value path back into a 1-based position. */
export interface SourceDoc {
  value: unknown;
  /** Position of the node at `path` (its key when `key` is set), else of its closest ancestor. */
  locate(path: readonly PathSegment[], key?: boolean): Position;
}

export interface SyntaxProblem extends Position {
  message: string;
  /** The text at the error position. */
  found: string;
}

/** A key that appears again in the same object: JSON readers keep its last value only. */
export interface DuplicateKey extends Position {
  key: string;
  /** Where the first one, whose value is ignored, is. */
  first: Position;
  pointer: string;
}

export type ParsedDoc =
  | { ok: true; doc: SourceDoc; tooDeep?: Position[]; duplicates?: DuplicateKey[] }
  | { ok: false; problems: SyntaxProblem[] };

/** Maps offsets to 1-based line/column, `lineOffset` lines further down (frontmatter bodies). */
export function offsetMapper(text: string, lineOffset = 0): (offset: number) => Position {
  const starts = [0];
  for (let index = 0; index < text.length; index++) if (text[index] === '\n') starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1 + lineOffset, column: offset - (starts[low] ?? 0) + 1 };
  };
}

/** JSON pointer (RFC 6901) for a value path. */
export function toPointer(path: readonly PathSegment[]): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * Strict JSON (Claude Code and Copilot read files with `JSON.parse`); `lenient` admits comments
 * and trailing commas, as VS Code's JSONC reader does.
 */
export function parseJsonDoc(text: string, lenient = false): ParsedDoc {
  const errors: ParseError[] = [];
  const raw = text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text;
  // The parser recurses per level: values nested too deep are blanked (offsets kept) before it runs.
  const spans = tooDeepSpans(raw, MAX_JSON_DEPTH, lenient);
  const body = spans.length === 0 ? raw : blankSpans(raw, spans);
  const tree = parseTree(body, errors, { allowTrailingComma: lenient, disallowComments: !lenient });
  const position = offsetMapper(body);
  if (errors.length > 0 || tree === undefined) {
    // Later errors are usually cascades of the first one; report the first only.
    const first = errors[0];
    if (first === undefined)
      return { ok: false, problems: [{ line: 1, column: 1, message: 'empty document', found: 'nothing' }] };
    const found = body.slice(first.offset, first.offset + Math.max(1, first.length));
    const words = printParseErrorCode(first.error)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    return {
      ok: false,
      problems: [
        {
          ...position(first.offset),
          message: words,
          found: found === '' ? 'end of file' : JSON.stringify(found),
        },
      ],
    };
  }
  const root = tree;
  const locate = (path: readonly PathSegment[], key = false): Position => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node: Node | undefined = findNodeAtLocation(root, path.slice(0, depth) as PathSegment[]);
      if (node === undefined) continue;
      const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      const target = key && depth === path.length && keyNode !== undefined ? keyNode : node;
      return position(target.offset);
    }
    return position(root.offset);
  };
  const doc = { value: getNodeValue(root), locate };
  const duplicates = duplicateKeys(root, position);
  return {
    ok: true,
    doc,
    ...(spans.length > 0 ? { tooDeep: spans.map(([at]) => position(at)) } : {}),
    ...(duplicates.length > 0 ? { duplicates } : {}),
  };
}

/**
 * Every key that appears twice in one object, in document order. `JSON.parse`, as the hosts read
 * their files, keeps the last value and drops the first without a word (a hooks block lost to a
 * merge conflict); a merge would edit the first. Used by the readers and by the writers.
 */
export function duplicateKeys(root: Node, position: (offset: number) => Position): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const walk = (node: Node, path: PathSegment[]): void => {
    if (node.type === 'array') {
      for (const [index, item] of (node.children ?? []).entries()) walk(item, [...path, index]);
      return;
    }
    if (node.type !== 'object') return;
    const seen = new Map<string, Node>();
    for (const property of node.children ?? []) {
      const [keyNode, value] = property.children ?? [];
      if (keyNode === undefined) continue;
      const key = String(keyNode.value);
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, keyNode);
      else
        found.push({
          key,
          ...position(keyNode.offset),
          first: position(earlier.offset),
          pointer: toPointer([...path, key]),
        });
      if (value) walk(value, [...path, key]);
    }
  };
  walk(root, []);
  return found;
}

/** Replaces each span by `0` and blanks, keeping line breaks, so every other offset stays put. */
function blankSpans(text: string, spans: ReadonlyArray<[number, number]>): string {
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += `${text.slice(from, start)}0${text.slice(start + 1, end + 1).replace(/[^\r\n]/g, ' ')}`;
    from = end + 1;
  }
  return out + text.slice(from);
}
