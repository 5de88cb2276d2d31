/** Lines of context around each change, as in `diff -u`. */
const CONTEXT_LINES = 3;
/** Above this many line pairs the table would be too big; the diff then shows whole files. */
const MAX_TABLE_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; text: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The edit script between two line lists by longest common subsequence. */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  if (a.length * b.length > MAX_TABLE_CELLS) {
    return [
      ...a.map((text) => ({ kind: '-' as const, text })),
      ...b.map((text) => ({ kind: '+' as const, text })),
    ];
  }
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', text: a[i] as string });
      i++;
      j++;
    } else if (
      i < a.length &&
      (j === b.length || (table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0))
    ) {
      ops.push({ kind: '-', text: a[i] as string });
      i++;
    } else {
      ops.push({ kind: '+', text: b[j] as string });
      j++;
    }
  }
  return ops;
}

/**
 * One side of a hunk header as `diff -u` and git write it: a single line is its number alone, and
 * an empty side names the line before it (`-0,0` for a file made from nothing, `+0,0` for one
 * deleted), which is where `patch` puts the lines of the other side.
 */
function range(start: number, count: number): string {
  if (count === 1) return `${start}`;
  return count === 0 ? `${start - 1},0` : `${start},${count}`;
}

/**
 * A unified diff of `before` → `after` (`undefined` before: a new file; `undefined` after: a
 * deleted one, each named `/dev/null` as `diff -u` and git name them), with `---`/`+++` headers
 * and `@@` hunks; empty when nothing changes.
 */
export function unifiedDiff(file: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  const ops = editScript(splitLines(before ?? ''), splitLines(after ?? ''));
  const keep = ops.map(() => false);
  ops.forEach((op, index) => {
    if (op.kind === ' ') return;
    for (
      let k = Math.max(0, index - CONTEXT_LINES);
      k <= Math.min(ops.length - 1, index + CONTEXT_LINES);
      k++
    ) {
      keep[k] = true;
    }
  });
  const out = [
    `--- ${before === undefined ? '/dev/null' : file}`,
    `+++ ${after === undefined ? '/dev/null' : file}`,
  ];
  let oldLine = 1;
  let newLine = 1;
  let index = 0;
  while (index < ops.length) {
    if (!keep[index]) {
      if (ops[index]?.kind !== '+') oldLine++;
      if (ops[index]?.kind !== '-') newLine++;
      index++;
      continue;
    }
    const hunk: string[] = [];
    const [oldStart, newStart] = [oldLine, newLine];
    while (index < ops.length && keep[index]) {
      const op = ops[index] as Op;
      hunk.push(`${op.kind}${op.text}`);
      if (op.kind !== '+') oldLine++;
      if (op.kind !== '-') newLine++;
      index++;
    }
    out.push(
      `@@ -${range(oldStart, oldLine - oldStart)} +${range(newStart, newLine - newStart)} @@`,
      ...hunk,
    );
  }
  return `${out.join('\n')}\n`;
}
