// Finds the types a user meets in a public signature but cannot name: every interface, type alias,
// class or enum declared in src/ that is reachable from an entry point's exports must itself be
// exported from that entry point (issue 11, "a deliberate public surface").
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface UnnamedType {
  /** The type's name and where it is declared. */
  name: string;
  file: string;
  /** The exported name through which it is reached. */
  via: string;
}

export interface SurfaceReport {
  /** Exported names, values and types, sorted. */
  exports: string[];
  unnamed: UnnamedType[];
}

type Visit = (node: ts.Node) => void;

/** Reads the entry points with the project's compiler options and walks their exports. */
export function inspectEntries(entries: string[]): Map<string, SurfaceReport> {
  const files = entries.map((entry) => join(ROOT, entry));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const modules = entries.map((entry, i) => {
    const source = program.getSourceFile(files[i]!);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`cannot read ${entry}`);
    return moduleSymbol;
  });
  // A type is nameable when any entry point of the package exports it (subpaths reuse the root's).
  const named = new Set(
    modules.flatMap((module) => checker.getExportsOfModule(module).map((symbol) => resolve(checker, symbol))),
  );
  const reports = new Map<string, SurfaceReport>();
  for (const [i, entry] of entries.entries()) reports.set(entry, walkEntry(checker, modules[i]!, named));
  return reports;
}

function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function isOwnTypeDeclaration(node: ts.Declaration): boolean {
  const file = node.getSourceFile().fileName;
  if (!file.startsWith(join(ROOT, 'src'))) return false;
  return (
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isEnumDeclaration(node)
  );
}

function walkEntry(checker: ts.TypeChecker, moduleSymbol: ts.Symbol, named: Set<ts.Symbol>): SurfaceReport {
  const exported = checker.getExportsOfModule(moduleSymbol);
  const seen = new Set<ts.Symbol>();
  const unnamed = new Map<ts.Symbol, UnnamedType>();
  for (const symbol of exported) {
    const target = resolve(checker, symbol);
    const visit: Visit = (node) => {
      if (ts.isTypeQueryNode(node)) return; // `typeof value`: a value, not a type to name
      // Computed types (conditional, mapped, indexed access) are how a public alias is derived;
      // the helpers they use are not names a user has to write.
      if (ts.isConditionalTypeNode(node) || ts.isMappedTypeNode(node) || ts.isIndexedAccessTypeNode(node))
        return;
      if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
        const at = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
        const found = checker.getSymbolAtLocation(at);
        if (found) reach(resolve(checker, found));
      }
      ts.forEachChild(node, visit);
    };
    const reach = (reached: ts.Symbol): void => {
      if (seen.has(reached)) return;
      seen.add(reached);
      const declarations = (reached.declarations ?? []).filter(isOwnTypeDeclaration);
      if (declarations.length === 0) return;
      if (!named.has(reached) && !unnamed.has(reached)) {
        unnamed.set(reached, {
          name: reached.name,
          file: relative(ROOT, declarations[0]!.getSourceFile().fileName),
          via: symbol.name,
        });
      }
      for (const declaration of declarations) walkDeclaration(declaration, visit);
    };
    for (const declaration of target.declarations ?? []) walkDeclaration(declaration, visit);
  }
  return {
    exports: exported.map((symbol) => symbol.name).sort(),
    unnamed: [...unnamed.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Visits what a user sees of a declaration: public members and signatures, not bodies. */
function walkDeclaration(declaration: ts.Node, visit: Visit): void {
  if (ts.isClassDeclaration(declaration)) {
    for (const clause of declaration.heritageClauses ?? []) for (const type of clause.types) visit(type);
    for (const member of declaration.members) {
      if (ts.isConstructorDeclaration(member)) continue; // engines are made by factories
      if (member.name && ts.isPrivateIdentifier(member.name)) continue;
      const flags = ts.getCombinedModifierFlags(member as ts.Declaration);
      if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      walkSignature(member, visit);
    }
    return;
  }
  if (ts.isVariableDeclaration(declaration)) {
    if (declaration.type) visit(declaration.type);
    else if (declaration.initializer && ts.isArrowFunction(declaration.initializer))
      walkSignature(declaration.initializer, visit);
    return;
  }
  walkSignature(declaration, visit);
}

function walkSignature(node: ts.Node, visit: Visit): void {
  if (ts.isFunctionLike(node)) {
    for (const parameter of node.typeParameters ?? []) visit(parameter);
    for (const parameter of node.parameters) if (parameter.type) visit(parameter.type);
    if (node.type) visit(node.type);
    return;
  }
  ts.forEachChild(node, (child) => {
    if (ts.isBlock(child)) return;
    visit(child);
  });
}
