import { z } from 'zod';
import { PACKAGE_SCHEMA_BASE_URL } from '../config/schema/schema-urls.ts';
import { PROFILE_NAMES } from '../model/profile-name.ts';

/**
 * The scenario file format of `agent-hooks test` (docs/testing.md): zod models that both read the
 * files (strict objects, so an unknown key is an error, never silently ignored) and generate
 * schema/scenario.schema.json for editors.
 */

const TEXT_HELP = 'an exact string, { contains: "…" } or { matches: "regex" }';

const textExpectation = z.union(
  [
    z.string(),
    z.strictObject({ contains: z.string() }),
    z.strictObject({ matches: z.string().describe('A JavaScript regular expression.') }),
  ],
  { error: `expected ${TEXT_HELP}` },
);

const profile = z.enum(PROFILE_NAMES as [string, ...string[]]);

const DECISIONS = ['allow', 'deny', 'ask', 'block', 'defer', 'none'] as const;

export const expectationsSchema = z
  .strictObject({
    decision: z
      .enum(DECISIONS)
      .optional()
      .describe('The decision of the dispatch; `none` when no hook decided.'),
    reason: textExpectation.optional().describe(`The decision's reason: ${TEXT_HELP}.`),
    context: textExpectation
      .optional()
      .describe(`The additionalContext given to the model, joined by newlines: ${TEXT_HELP}.`),
    updatedInput: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('A subset the rewritten tool input must deep-equal.'),
    ran: z
      .array(z.string())
      .optional()
      .describe('Hooks that ran: a label as `list` shows it, or its file name.'),
    notRan: z.array(z.string()).optional().describe('Hooks that must not have run.'),
    exitCodes: z
      .record(z.string(), z.number().int())
      .optional()
      .describe('Exit status of command hooks, by label or file name.'),
    continue: z.boolean().optional().describe('false when a hook ends the turn (continue: false).'),
  })
  .describe('What the dispatch must produce; every key is optional.');

export const caseSchema = z.strictObject({
  name: z.string().min(1).describe('Shown in the report; unique within the file.'),
  event: z.string().min(1).describe('Any spelling the CLI accepts: PreToolUse, preToolUse, agentStop, …'),
  input: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The event input (any dialect); merged over the sample when `sample` is given.'),
  sample: z
    .string()
    .optional()
    .describe('Start from `agent-hooks test --sample NAME`, e.g. PreToolUse:Bash.'),
  profile: profile.optional().describe('The host to emulate for this case.'),
  env: z.record(z.string(), z.string()).optional().describe('Extra environment for the hooks.'),
  files: z
    .record(z.string(), z.string())
    .optional()
    .describe('Files written, relative to the project, into a temporary copy of it before the case runs.'),
  expect: expectationsSchema.optional(),
});

export const scenarioFileSchema = z.strictObject({
  $schema: z.string().optional(),
  profile: profile
    .optional()
    .describe('The host every case emulates unless it says otherwise (default claude-code).'),
  cwd: z
    .string()
    .optional()
    .describe("The project the hooks are loaded from, relative to this file (default: the file's folder)."),
  user: z.boolean().optional().describe('Also load user-level hook files (default false).'),
  cases: z.array(caseSchema).min(1),
});

export type TextExpectation = z.infer<typeof textExpectation>;
export type Expectations = z.infer<typeof expectationsSchema>;
export type ScenarioCase = z.infer<typeof caseSchema>;
export type ScenarioFileData = z.infer<typeof scenarioFileSchema>;
export type ExpectationKey = keyof Expectations;

/** schema/scenario.schema.json: draft-07, in the style of the configuration schemas. */
export function renderScenarioSchema(): string {
  const generated = z.toJSONSchema(scenarioFileSchema, { target: 'draft-07', io: 'input' }) as Record<
    string,
    unknown
  >;
  const { $schema, ...rest } = generated;
  const document = {
    $schema,
    $id: `${PACKAGE_SCHEMA_BASE_URL}scenario.schema.json`,
    title: 'agent-hooks test scenario file',
    ...rest,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
