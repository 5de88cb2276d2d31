// The tool call each origin's engine gets: under VS Code, Claude and Copilot hooks see Claude's tool
// names and keys (the Copilot engine then gives its hooks Copilot's runtime names, as from Claude
// Code); under Claude Code and Copilot CLI, VS Code hooks see VS Code's. A rewrite that comes back
// is put back into the calling host's keys. Tools with no mapping pass through unchanged.
import type { JsonSchema } from '../engine/rewrite-check/json-schema-check.ts';
import { normalizeInput } from '../events/normalize-input.ts';
import { isRecord } from '../events/payload-values.ts';
import {
  claudeCallToVscode,
  claudeInputToVscode,
  type ToolCall,
  VSCODE_TOOLS,
  vscodeCallToClaude,
  vscodeInputToClaude,
} from '../events/vscode-tool-names.ts';
import type { ProfileName } from '../model/profile-name.ts';
import type { HostPayload } from './host-io.ts';

/** An origin's view of the host's payload, and how its `updatedInput` goes back to the host's keys. */
export interface OriginForm {
  payload: HostPayload;
  /** The origin's `updatedInput` in the calling host's keys. */
  back(updatedInput: Record<string, unknown>): Record<string, unknown>;
  /** The `--tool-schemas` map keyed and spelled for the origin's tool names. */
  schemas(schemas: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema>;
}

const SAME: Omit<OriginForm, 'payload'> = {
  back: (updatedInput) => updatedInput,
  schemas: (schemas) => ({ ...schemas }),
};

/** VS Code payloads spell the tool fields snake_case (other-agents-hooks.md §2.5); camelCase is read too. */
function toolFieldsOf(input: Record<string, unknown>): { name: string; input: string } | undefined {
  for (const [name, args] of [
    ['tool_name', 'tool_input'],
    ['toolName', 'toolInput'],
  ] as const) {
    if (typeof input[name] === 'string') return { name, input: args };
  }
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** `schema` with its top-level `properties` and `required` renamed (tool schemas are flat objects). */
function renamedSchema(schema: JsonSchema, renames: Readonly<Record<string, string>>): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  const rename = (key: string) => (Object.hasOwn(renames, key) ? renames[key]! : key);
  const out: Record<string, unknown> = { ...schema };
  if (isRecord(schema.properties))
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [rename(k), v]));
  if (Array.isArray(schema.required))
    out.required = schema.required.map((k) => (typeof k === 'string' ? rename(k) : k));
  return out;
}

/** The host's schemas, with each mapped tool's schema also under the origin's name and keys. */
function schemasTo(to: 'claude' | 'vscode') {
  return (schemas: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema> => {
    const out: Record<string, JsonSchema> = { ...schemas };
    for (const tool of VSCODE_TOOLS) {
      const [from, into] = to === 'claude' ? [tool.vscode, tool.claude] : [tool.claude, tool.vscode];
      const renames =
        to === 'claude'
          ? tool.keys
          : Object.fromEntries(Object.entries(tool.keys).map(([vscode, claude]) => [claude, vscode]));
      if (Object.hasOwn(schemas, from)) out[into] = renamedSchema(schemas[from]!, renames);
    }
    return out;
  };
}

/** VS Code's call in Claude's form, for the claude-code and copilot-cli origins. */
function vscodeToClaude(payload: HostPayload): OriginForm {
  const fields = toolFieldsOf(payload.input);
  if (!fields) return { payload, ...SAME };
  const vscodeName = payload.input[fields.name] as string;
  const call = vscodeCallToClaude({ name: vscodeName, input: payload.input[fields.input] });
  if (call.name === vscodeName) return { payload, ...SAME };
  return {
    payload: {
      ...payload,
      input: { ...payload.input, [fields.name]: call.name, [fields.input]: call.input },
    },
    back: (updatedInput) => asRecord(claudeInputToVscode(vscodeName, updatedInput)),
    schemas: schemasTo('claude'),
  };
}

/** A Claude Code or Copilot CLI call as VS Code would send it, for the vscode origin. */
function claudeToVscode(payload: HostPayload): OriginForm {
  // Claude's names and keys first: Copilot's runtime names (`bash`) become Claude's (`Bash`).
  const canonical = normalizeInput(payload.event, payload.input);
  if (typeof canonical.tool_name !== 'string') return { payload, ...SAME };
  const claude: ToolCall = { name: canonical.tool_name, input: canonical.tool_input };
  const call = claudeCallToVscode(claude);
  if (call.name === claude.name) return { payload, ...SAME };
  return {
    payload: { ...payload, input: { ...canonical, tool_name: call.name, tool_input: call.input } },
    back: (updatedInput) => asRecord(vscodeInputToClaude(claude.name, updatedInput)),
    schemas: schemasTo('vscode'),
  };
}

/** What the engine of `origin` gets when `host` calls the bridge with `payload`. */
export function originForm(host: ProfileName, origin: ProfileName, payload: HostPayload): OriginForm {
  if (host === 'vscode' && origin !== 'vscode') return vscodeToClaude(payload);
  if (host !== 'vscode' && origin === 'vscode') return claudeToVscode(payload);
  return { payload, ...SAME };
}
