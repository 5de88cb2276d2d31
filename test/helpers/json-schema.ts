import { z } from 'zod';

// No JSON Schema validator with `if`/`then` is installed (no ajv; zod's `fromJSONSchema` refuses
// conditionals), so the schemas' handler dispatch (src/config/schema/dispatch.ts) is checked in two
// steps with zod: each `if` alone (plain keywords), then the `then` it selects.

type Json = Record<string, any>;

/** A rendered schema file's dispatch nodes: `allOf` made only of `if`/`then` pairs. */
export function isDispatch(node: unknown): node is Json & { allOf: { if: Json; then: Json }[] } {
  const allOf = (node as Json | null)?.allOf;
  return Array.isArray(allOf) && allOf.length > 0 && allOf.every((b: Json) => 'if' in b && 'then' in b);
}

/** Every dispatch node in a schema document. */
export function dispatchNodes(node: unknown, found: Json[] = []): Json[] {
  if (node === null || typeof node !== 'object') return found;
  if (isDispatch(node)) found.push(node);
  for (const child of Object.values(node)) dispatchNodes(child, found);
  return found;
}

/**
 * Whether an object item satisfies an `if`. zod reads neither `not` (negated here) nor `properties`
 * and `required` without an explicit object type and a property for each required name (added).
 */
function holds(condition: Json, item: unknown): boolean {
  if ('not' in condition) return !holds(condition.not, item);
  const required: string[] = condition.required ?? [];
  const properties = { ...Object.fromEntries(required.map((name) => [name, {}])), ...condition.properties };
  return z.fromJSONSchema({ ...condition, type: 'object', properties } as never).safeParse(item).success;
}

/** The `then` schemas whose `if` holds for `item`: what an `if`/`then` validator checks it against. */
export function selectedBranches(dispatch: Json, item: unknown): Json[] {
  return (dispatch.allOf as { if: Json; then: Json }[])
    .filter((branch) => holds(branch.if, item))
    .map((branch) => branch.then);
}

/** The issues of `item` against one schema of a document (its `$ref`s resolve in `document`). */
export function issuesAgainst(document: Json, schema: Json, item: unknown): z.core.$ZodIssue[] {
  const model = z.fromJSONSchema({
    $schema: document.$schema,
    definitions: document.definitions,
    ...schema,
  } as never);
  const result = model.safeParse(item);
  return result.success ? [] : result.error.issues;
}

/** The dispatch node without its branches: what holds for every item (the known `type` values). */
export function outerOf(dispatch: Json): Json {
  const { allOf: _branches, ...outer } = dispatch;
  return outer;
}

/**
 * The document with each dispatch node turned into `anyOf` of its `then`s, for zod to judge whole
 * files. The same verdicts, because each `then` implies its own `if` and the node's outer keywords
 * (the dispatch test checks it); those are dropped, as zod intersects them with the union loosely.
 */
export function withoutDispatch(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDispatch);
  if (node === null || typeof node !== 'object') return node;
  const copy: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withoutDispatch(v)]));
  if (!isDispatch(node)) return copy;
  const anyOf = node.allOf.map((branch) => withoutDispatch(branch.then));
  return node.description === undefined ? { anyOf } : { description: node.description, anyOf };
}
