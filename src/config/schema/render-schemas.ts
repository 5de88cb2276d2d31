import { z } from 'zod';
import { claudeHandler, claudeSettings } from './claude.ts';
import { copilotEntry, copilotHooksFile } from './copilot.ts';
import { applyDispatch, BY_HOOKS_KEY, BY_TYPE, type Dispatch } from './dispatch.ts';
import { frontmatterHooks } from './frontmatter.ts';
import { PACKAGE_SCHEMA_BASE_URL } from './schema-urls.ts';
import { vscodeHookItem, vscodeHooksFile } from './vscode.ts';

/** The handler unions and how an item picks its alternative (dispatch.ts says why). */
const DISPATCHES = new Map<unknown, Dispatch>([
  [claudeHandler, BY_TYPE],
  [copilotEntry, BY_TYPE],
  [vscodeHookItem, BY_HOOKS_KEY],
]);

/** Draft-07 JSON Schema text for a zod model: the input shape users write, our own `$id`. */
function render(schema: z.ZodType, name: string, title: string, extra: Record<string, unknown> = {}): string {
  const generated = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      const dispatch = DISPATCHES.get(zodSchema);
      // The map's keys are unions, so a schema found there is one.
      const union = zodSchema as unknown as z.ZodUnion;
      if (dispatch) applyDispatch(jsonSchema as Record<string, unknown>, union, dispatch);
    },
  }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  const document = { $schema, $id: `${PACKAGE_SCHEMA_BASE_URL}${name}`, title, ...extra, ...rest };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Claude Code settings (hooks + hook policy keys). Claude Code reads strict JSON. */
export function renderClaudeSettingsSchema(): string {
  return render(claudeSettings, 'claude-settings.schema.json', 'Claude Code settings: hooks', {
    allowTrailingCommas: false,
  });
}

export function renderCopilotHooksSchema(): string {
  return render(copilotHooksFile, 'copilot-hooks.schema.json', 'GitHub Copilot CLI hooks file');
}

export function renderVscodeHooksSchema(): string {
  return render(vscodeHooksFile, 'vscode-hooks.schema.json', 'VS Code agent hooks file');
}

export function renderFrontmatterHooksSchema(): string {
  return render(frontmatterHooks, 'frontmatter-hooks.schema.json', 'Skill and agent frontmatter hooks');
}
