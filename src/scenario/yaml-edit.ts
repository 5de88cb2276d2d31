import { isMap, isPair, isScalar, isSeq, type Pair, parseDocument, type YAMLMap } from 'yaml';
import type { ExpectationKey } from './scenario-schema.ts';

/** One change to a case's `expect`: set `key` to `value`, or remove it when `value` is undefined. */
export interface ExpectEdit {
  index: number;
  key: ExpectationKey;
  value: unknown;
}

/**
 * `--update` on a YAML scenario: each edit changes only the bytes of the value it sets, the line
 * of the key it removes, or the line it adds, so comments, quoting and layout elsewhere stay as
 * the author wrote them (re-printing the document would re-style every flow list).
 */

const PLAIN = /^[A-Za-z_$][\w.\-/$]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/** A value as one line of flow YAML: `[a, b]`, `{ command: "rm -rf /" }`, `"text: with colon"`. */
export function flowYaml(value: unknown): string {
  if (typeof value === 'string')
    return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(flowYaml).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const pairs = Object.entries(value).map(([key, item]) => `${flowYaml(key)}: ${flowYaml(item)}`);
    return pairs.length === 0 ? '{}' : `{ ${pairs.join(', ')} }`;
  }
  return String(value);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end + 1;
}

interface Splice {
  from: number;
  to: number;
  text: string;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === key) as
    | Pair
    | undefined;
}

/** The end of a pair's last line, where a new sibling line goes. */
function afterPair(text: string, pair: Pair): number {
  const node = (pair.value ?? pair.key) as { range?: [number, number, number] };
  return lineEnd(text, Math.max((node.range?.[1] ?? 1) - 1, 0));
}

function indentOf(text: string, pair: Pair): string {
  const start = (pair.key as { range: [number, number, number] }).range[0];
  return text.slice(lineStart(text, start), start);
}

function editMap(text: string, map: YAMLMap, key: string, value: unknown): Splice {
  const pair = pairOf(map, key);
  if (pair) {
    const range = (pair.value as { range?: [number, number, number] } | null)?.range;
    if (value === undefined) {
      const start = lineStart(text, (pair.key as { range: [number, number, number] }).range[0]);
      return { from: start, to: afterPair(text, pair), text: '' };
    }
    if (range) return { from: range[0], to: range[1], text: flowYaml(value) };
  }
  const last = map.items.at(-1) as Pair;
  const at = afterPair(text, last);
  const newline = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
  return { from: at, to: at, text: `${newline}${indentOf(text, last)}${key}: ${flowYaml(value)}\n` };
}

/** The edits of one case as splices; a case without a block `expect` map gets a new one. */
function caseSplices(text: string, caseMap: YAMLMap, edits: readonly ExpectEdit[]): Splice[] {
  const expectPair = pairOf(caseMap, 'expect');
  const expectMap = expectPair?.value;
  if (isMap(expectMap) && !expectMap.flow && expectMap.items.length > 0) {
    return edits.map((edit) => editMap(text, expectMap, edit.key, edit.value));
  }
  const current = isMap(expectMap) ? (expectMap.toJSON() as Record<string, unknown>) : {};
  for (const edit of edits) {
    if (edit.value === undefined) delete current[edit.key];
    else current[edit.key] = edit.value;
  }
  const last = caseMap.items.at(-1) as Pair;
  const indent = indentOf(text, last);
  const lines = Object.entries(current).map(([key, value]) => `${indent}  ${key}: ${flowYaml(value)}\n`);
  const block = `${indent}expect:\n${lines.join('')}`;
  if (expectPair) {
    const start = lineStart(text, (expectPair.key as { range: [number, number, number] }).range[0]);
    return [{ from: start, to: afterPair(text, expectPair), text: block }];
  }
  const at = afterPair(text, last);
  return [{ from: at, to: at, text: `${at > 0 && text[at - 1] !== '\n' ? '\n' : ''}${block}` }];
}

/** The YAML text with every case's expectation edits made. */
export function editYamlExpectations(text: string, edits: readonly ExpectEdit[]): string {
  const doc = parseDocument(text);
  const cases = doc.get('cases', true);
  if (!isSeq(cases)) return text;
  const splices: Splice[] = [];
  for (const index of new Set(edits.map((edit) => edit.index))) {
    const caseMap = cases.items[index];
    if (!isMap(caseMap)) continue;
    splices.push(
      ...caseSplices(
        text,
        caseMap,
        edits.filter((edit) => edit.index === index),
      ),
    );
  }
  // From the end backwards, so earlier offsets stay valid; lines added at one place keep their order.
  const ordered = splices.map((splice, order) => ({ ...splice, order }));
  ordered.sort((a, b) => b.from - a.from || b.order - a.order);
  let out = text;
  for (const splice of ordered) out = out.slice(0, splice.from) + splice.text + out.slice(splice.to);
  return out;
}
