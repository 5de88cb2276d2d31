import { z } from 'zod';

// A handler list's items are a union of object schemas. Rendered as `oneOf`/`anyOf`, a validator
// tries every alternative and an editor reports the failures of all of them, or only "matches no
// alternative", for a command hook whose `command` is a number. Rendered as `if`/`then` on the
// discriminator instead, exactly one alternative applies and its own error is the one reported
// (JSON Schema draft-07 §6.6, supported by VS Code's and JetBrains' JSON validators).

type Json = Record<string, unknown>;

/** Says, for one alternative of a union, which items it is meant for. */
type Selector = (option: z.ZodObject) => Json;

/** What holds for every item whatever the alternative (the known `type` values), for the editor's list. */
type Outer = (options: readonly z.ZodObject[]) => Json;

export interface Dispatch {
  select: Selector;
  outer: Outer;
}

function typeField(option: z.ZodObject): { value: string; optional: boolean } {
  const field = option.shape.type;
  const optional = field instanceof z.ZodOptional;
  const literal = optional ? field.unwrap() : field;
  if (!(literal instanceof z.ZodLiteral)) throw new Error('a dispatched alternative needs a literal "type"');
  return { value: String(literal.value), optional };
}

/**
 * Dispatch on `type`. An alternative whose `type` is optional also takes items without one
 * (Copilot CLI and VS Code entries without `type` are commands, other-agents-hooks.md §1.1, §2.3).
 */
export const BY_TYPE: Dispatch = {
  select(option) {
    const { value, optional } = typeField(option);
    return { properties: { type: { const: value } }, ...(optional ? {} : { required: ['type'] }) };
  },
  outer(options) {
    const fields = options.map(typeField);
    const type = { description: 'The handler type; it decides which other fields apply.' };
    return {
      type: 'object',
      properties: { type: { ...type, enum: fields.map((f) => f.value) } },
      ...(fields.some((f) => f.optional) ? {} : { required: ['type'] }),
    };
  },
};

/**
 * Dispatch on the presence of `hooks`: a Claude-style group has it, a flat VS Code entry does not
 * (other-agents-hooks.md §2.3). The group must be the alternative that requires `hooks`.
 */
export const BY_HOOKS_KEY: Dispatch = {
  select(option) {
    const hasHooks = 'hooks' in option.shape;
    return hasHooks ? { required: ['hooks'] } : { not: { required: ['hooks'] } };
  },
  outer: () => ({ type: 'object' }),
};

/**
 * Rewrites the JSON Schema of `union` (its `oneOf`/`anyOf` of the alternatives' `$ref`s, in the
 * union's order) into `allOf` of `if`/`then`, one per alternative.
 */
export function applyDispatch(json: Json, union: z.ZodUnion, dispatch: Dispatch): void {
  const branches = (json.oneOf ?? json.anyOf) as Json[] | undefined;
  const options = union.options as readonly z.ZodObject[];
  if (branches?.length !== options.length)
    throw new Error('a dispatched union renders one branch per option');
  delete json.oneOf;
  delete json.anyOf;
  Object.assign(json, dispatch.outer(options));
  json.allOf = options.map((option, index) => ({
    if: dispatch.select(option),
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
    then: branches[index],
  }));
}
