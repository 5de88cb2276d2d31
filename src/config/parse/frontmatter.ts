import { createRequire } from 'node:module';

// `yaml` is only needed when a skill or agent file has frontmatter: load it on first use so that
// engines and CLI runs without any pay nothing for it (DESIGN.md "Fast when idle").
const requireModule = createRequire(import.meta.url);
let yamlModule: typeof import('yaml') | undefined;
function yaml(): typeof import('yaml') {
  yamlModule ??= requireModule('yaml') as typeof import('yaml');
  return yamlModule;
}

import type { ParsedDoc, PathSegment, Position } from './source-doc.ts';

// Our own splitter (dependencies.md §2(d)): YAML only, never an engine chosen by the file, so a
// `---js` block can never execute code. The block must start on the first line.
const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

export interface Frontmatter {
  yaml: string;
  /** Lines before the YAML body in the markdown file (the opening `---`). */
  lineOffset: number;
}

/** The YAML frontmatter block of a markdown file, or undefined when there is none. */
export function splitFrontmatter(markdown: string): Frontmatter | undefined {
  const text = markdown.startsWith('\uFEFF') ? markdown.slice(1) : markdown;
  const match = FRONTMATTER.exec(text);
  if (match === null) return undefined;
  return { yaml: match[1] ?? '', lineOffset: 1 };
}

/** Parses YAML; positions are shifted by `lineOffset` so they point into the enclosing file. */
export function parseYamlDoc(yamlText: string, lineOffset: number): ParsedDoc {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.slice(0, 1).map((error) => ({
        ...at(error.pos[0]),
        message: error.message.split('\n')[0] ?? '',
        found: describeSlice(yamlText.slice(error.pos[0], Math.max(error.pos[1], error.pos[0] + 1))),
      })),
    };
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return {
      ok: false,
      problems: [{ ...at(0), message: (error as Error).message, found: 'unresolvable YAML' }],
    };
  }
  const locate = (path: readonly PathSegment[], key = false): Position => {
    let node: unknown = document.contents;
    let offset = document.contents?.range?.[0] ?? 0;
    for (let index = 0; index < path.length; index++) {
      const segment = path[index];
      const last = index === path.length - 1;
      if (yaml().isMap(node)) {
        const pair = node.items.find(
          (item) =>
            yaml().isPair(item) && yaml().isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (pair === undefined) break;
        const keyRange = yaml().isScalar(pair.key) ? pair.key.range : undefined;
        const valueRange = (pair.value as { range?: [number, number, number] } | null)?.range;
        const range = key && last ? keyRange : (valueRange ?? keyRange);
        if (range) offset = range[0];
        node = pair.value;
      } else if (yaml().isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as { range?: [number, number, number] } | undefined;
        if (item?.range === undefined) break;
        offset = item.range[0];
        node = item;
      } else {
        break;
      }
    }
    return at(offset);
  };
  return { ok: true, doc: { value, locate } };
}

function describeSlice(text: string): string {
  return text.trim() === '' ? 'end of the frontmatter block' : JSON.stringify(text);
}
