import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

interface ImportGraph {
  /** Every file reached through static relative imports, the entry included. */
  files: string[];
  /** Packages named by a static import anywhere in those files (`@scope/name` or `name`). */
  packages: string[];
}

/**
 * The module specifiers of a compiled file's static `import` and `export … from` statements.
 * Dynamic `import()` is an expression, not a statement, so it is not followed: lazy loading is
 * exactly what keeps heavy packages off the root entry.
 */
function staticSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  );
  return source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier !== undefined &&
    ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

const isBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] as string);

/** Follows the static relative imports from `entry` and collects the packages they name. */
export function staticImportGraph(entry: string): ImportGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${file} is imported but does not exist`);
    files.add(file);
    for (const specifier of staticSpecifiers(file)) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else if (!isBuiltin(specifier)) packages.add(packageName(specifier));
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}
