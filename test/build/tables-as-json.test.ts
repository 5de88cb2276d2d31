import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script without types
import { tablesAsJson } from '../../scripts/cold-path-script.mjs';

// The bundled cold path's big tables of plain values become JSON.parse("…") (issue 16 item 4):
// the value must be exactly the literal's, and anything JSON cannot hold stays a literal.
const PAD = ` pad: "${'x'.repeat(1000)}"`;

function evaluate(code: string): Record<string, unknown> {
  const context: Record<string, unknown> = {};
  runInNewContext(`${code}\nresult = { A: typeof A === 'undefined' ? undefined : A };`, context);
  return (context.result as { A: Record<string, unknown> }).A;
}

describe('tablesAsJson', () => {
  it('rewrites a big table of plain values, and the value stays the same', () => {
    const code = `const A = { b: [1, -2.5, "t\\u2028", true, null, { "c d": \`e\` }], "2": 1, "1": 2,${PAD} };`;
    const rewritten: string = tablesAsJson(code);
    expect(rewritten).toMatch(/^const A = JSON\.parse\(/);
    expect(JSON.stringify(evaluate(rewritten))).toBe(JSON.stringify(evaluate(code)));
  });

  it.each([
    ['a function', 'f: () => 1,'],
    ['a name', 'f: undefined,'],
    ['-0', 'f: -0,'],
    ['a number JSON cannot hold', 'f: 1e400,'],
    ['a computed key', '["f"]: 1,'],
    ['a spread', '...{ f: 1 },'],
    ['__proto__', '__proto__: { f: 1 },'],
    ['a template with a value', 'f: `\u0024{1}`,'],
  ])('leaves a table with %s as it is', (_, part) => {
    const code = `const A = { ${part}${PAD} };`;
    expect(tablesAsJson(code)).toBe(code);
  });

  it('leaves small tables as they are', () => {
    const code = 'const A = { b: 1 };';
    expect(tablesAsJson(code)).toBe(code);
  });
});
