// Turns the bundled CLI's cold-path chunk into a script V8 can cache on Node 20 (issue 16 item 4;
// src/cli/code-cache.ts says why). The chunk's code moves, as CommonJS, to a `.cjs` file beside
// it; the chunk becomes a small ES module that loads that file through the cache and exports
// the same names, so the entry and the lazily loaded chunks import it as before.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

/** The name the script's `import()` calls are renamed to; the loader passes it in. */
const IMPORT_FUNCTION = '__agentHooksImport';

/** Every `import(…)` expression of the CommonJS code, by its `import` keyword's offset. */
function dynamicImportOffsets(code) {
  const offsets = [];
  const visit = (node) => {
    if (Array.isArray(node)) for (const child of node) visit(child);
    else if (node && typeof node === 'object') {
      if (node.type === 'ImportExpression') offsets.push(node.start);
      for (const key in node) if (key !== 'parent') visit(node[key]);
    }
  };
  visit(parseAst(code, { lang: 'js', sourceType: 'script' }));
  return offsets;
}

function renameDynamicImports(code) {
  let out = code;
  // From the end, so earlier offsets stay valid.
  for (const at of dynamicImportOffsets(code).sort((a, b) => b - a)) {
    if (out.slice(at, at + 6) !== 'import') throw new Error(`cold-path-script: no import() at ${at}`);
    out = `${out.slice(0, at)}${IMPORT_FUNCTION}${out.slice(at + 6)}`;
  }
  return out;
}

/** What the script requires by relative name: the chunks the ES module imported statically. */
function relativeRequires(code) {
  return [...new Set([...code.matchAll(/\brequire\("(\.[^"]+)"\)/g)].map((match) => match[1]))];
}

/**
 * Rewrites `chunk` (a rolldown output chunk written to `dir`) in place as a facade over a
 * cached script. Returns the script's file name.
 */
export async function makeColdPathScript(dir, chunk) {
  const file = join(dir, chunk.fileName);
  const out = await build({
    input: file,
    platform: 'node',
    external: () => true,
    write: false,
    logLevel: 'warn',
    output: { format: 'cjs', comments: { legal: true, annotation: false, jsdoc: false }, charset: 'ascii' },
  });
  const code = renameDynamicImports(out.output[0].code);
  // Exports copied once, after the script ran: an export the script later reassigns (a getter
  // in CommonJS form) would go stale in the facade, so refuse it here rather than ship it.
  const getters = [...code.matchAll(/Object\.defineProperty\(exports, "([^"]+)"/g)].map((m) => m[1]);
  if (getters.length > 0)
    throw new Error(`cold-path-script: live exports ${getters.join(', ')} cannot be copied`);
  const scriptName = chunk.fileName.replace(/\.js$/, '.cjs');
  writeFileSync(join(dir, scriptName), code);
  const dependencies = relativeRequires(code);
  const lines = [
    '// The cold path, compiled from a V8 code cache: the code is in the .cjs file beside this one',
    '// (scripts/cold-path-script.mjs, src/cli/code-cache.ts).',
    'import { loadCachedScript } from "./chunk-code-cache.js";',
    ...dependencies.map((dep, i) => `import * as dependency${i} from ${JSON.stringify(dep)};`),
    `const loaded = loadCachedScript(new URL(${JSON.stringify(`./${scriptName}`)}, import.meta.url), {`,
    ...dependencies.map((dep, i) => `  ${JSON.stringify(dep)}: dependency${i},`),
    '});',
    ...chunk.exports.map((name) =>
      name === 'default' ? 'export default loaded.default;' : `export const ${name} = loaded.${name};`,
    ),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  const written = readFileSync(file, 'utf8');
  if (!written.includes(scriptName)) throw new Error(`cold-path-script: ${basename(file)} was not rewritten`);
  return scriptName;
}
