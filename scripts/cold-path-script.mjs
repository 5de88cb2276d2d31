// After the CLI is bundled as CommonJS (bundle-cli.mjs), two rewrites of its chunks (issue 16
// item 4):
// - `import("./chunk-…")` between chunks becomes `require`: a dynamic import() starts Node's ES
//   module loader, several milliseconds of every start, for files that are CommonJS anyway.
//   Packages (the optional peers, ES modules) keep import().
// - The cold-path chunk's code moves to a `.code.cjs` file that src/cli/code-cache.ts compiles
//   from a V8 code cache (Node 20 caches no file it loads itself); the chunk keeps its name and
//   becomes a two-line module that loads it, so every other chunk requires it as before. Its big
//   tables of plain values become JSON.parse("…") (tablesAsJson).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

/** The name the cold code's remaining `import()` calls get; the loader passes the function in. */
const IMPORT_FUNCTION = '__agentHooksImport';

/** Every `import(…)` expression of a script: its range and, when it is a string, its specifier. */
function dynamicImports(code) {
  const found = [];
  const visit = (node) => {
    if (Array.isArray(node)) for (const child of node) visit(child);
    else if (node && typeof node === 'object') {
      if (node.type === 'ImportExpression') {
        const source = node.source?.type === 'Literal' ? node.source.value : undefined;
        found.push({ start: node.start, end: node.end, source });
      }
      for (const key in node) if (key !== 'parent') visit(node[key]);
    }
  };
  visit(parseAst(code, { lang: 'js', sourceType: 'script' }));
  return found.sort((a, b) => b.start - a.start);
}

/** Applies `rewrite` to each dynamic import, from the end so earlier offsets stay valid. */
function rewriteImports(code, rewrite) {
  let out = code;
  for (const found of dynamicImports(code)) {
    if (out.slice(found.start, found.start + 6) !== 'import')
      throw new Error(`cold-path-script: no import() at ${found.start}`);
    const replacement = rewrite(found, out.slice(found.start, found.end));
    if (replacement !== undefined) out = `${out.slice(0, found.start)}${replacement}${out.slice(found.end)}`;
  }
  return out;
}

/** `import("./chunk-x.cjs")` → a require of it, still a promise as the caller expects. */
function requireChunks(code) {
  return rewriteImports(code, ({ source }) =>
    typeof source === 'string' && source.startsWith('./')
      ? `Promise.resolve().then(() => require(${JSON.stringify(source)}))`
      : undefined,
  );
}

/** Non-ASCII characters escaped, as the bundle writes them (bundle-cli.mjs `charset`). */
function ascii(text) {
  return text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Smaller tables cost less as object literals than as JSON text to parse. */
const MIN_JSON_TABLE_CHARS = 1000;

/** Not a plain JSON value: the literal stays as it is. */
const NOT_JSON = Symbol('not JSON');

/** The value of a literal made of JSON values only (no function, name, spread or computed key). */
function jsonValue(node) {
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string' || typeof node.value === 'boolean' || node.value === null)
        return node.value;
      // A finite number that JSON writes back the same (not -0, not 1e400).
      if (
        typeof node.value === 'number' &&
        Number.isFinite(node.value) &&
        !Object.is(node.value, -0) &&
        !node.regex
      )
        return node.value;
      throw NOT_JSON;
    case 'UnaryExpression': {
      const value = node.operator === '-' ? -jsonValue(node.argument) : Number.NaN;
      if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_JSON;
      return value;
    }
    case 'TemplateLiteral':
      if (node.expressions.length > 0) throw NOT_JSON;
      return node.quasis[0].value.cooked;
    case 'ArrayExpression':
      return node.elements.map((element) => {
        if (!element || element.type === 'SpreadElement') throw NOT_JSON;
        return jsonValue(element);
      });
    case 'ObjectExpression': {
      const object = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method)
          throw NOT_JSON;
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
        if (typeof key !== 'string' || key === '__proto__' || Object.hasOwn(object, key)) throw NOT_JSON;
        object[key] = jsonValue(property.value);
      }
      return object;
    }
    default:
      throw NOT_JSON;
  }
}

/**
 * Top-level tables (the error catalogue, the wire fields, the configuration shapes) become
 * `JSON.parse("…")`: V8 builds a large JSON value faster than the same object literal, and its
 * cached form is one string instead of the literal's boilerplate. Only literals made of JSON
 * values alone are rewritten, so the value is the same.
 */
export function tablesAsJson(code) {
  const edits = [];
  for (const statement of parseAst(code, { lang: 'js', sourceType: 'script' }).body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const { init } of statement.declarations) {
      if (!init || (init.type !== 'ObjectExpression' && init.type !== 'ArrayExpression')) continue;
      if (init.end - init.start < MIN_JSON_TABLE_CHARS) continue;
      try {
        const text = JSON.stringify(jsonValue(init));
        edits.push({ start: init.start, end: init.end, text: `JSON.parse(${ascii(JSON.stringify(text))})` });
      } catch (error) {
        if (error !== NOT_JSON) throw error;
      }
    }
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}

/** Rewrites the chunks in `dir`; `coldChunk` is the cold path's file name. */
export function rewriteChunks(dir, coldChunk) {
  const files = readdirSync(dir).filter((file) => file.endsWith('.cjs'));
  if (!files.includes(coldChunk)) throw new Error(`cold-path-script: ${coldChunk} is missing`);
  for (const file of files) {
    const path = join(dir, file);
    const code = requireChunks(readFileSync(path, 'utf8'));
    if (file !== coldChunk) {
      writeFileSync(path, code);
      continue;
    }
    const codeFile = file.replace(/\.cjs$/, '.code.cjs');
    const rest = tablesAsJson(
      rewriteImports(code, (_, text) => `${IMPORT_FUNCTION}${text.slice('import'.length)}`),
    );
    writeFileSync(join(dir, codeFile), rest);
    writeFileSync(
      path,
      [
        '// The cold path, compiled from a V8 code cache: its code is in the .code.cjs file beside this',
        '// one (scripts/cold-path-script.mjs, src/cli/code-cache.ts).',
        `module.exports = require("./chunk-code-cache.cjs").loadCachedScript(require("node:path").join(__dirname, ${JSON.stringify(codeFile)}), require);`,
        '',
      ].join('\n'),
    );
  }
}
