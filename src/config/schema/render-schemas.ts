import { z } from 'zod';
import { claudeSettings } from './claude.ts';
import { copilotHooksFile } from './copilot.ts';
import { frontmatterHooks } from './frontmatter.ts';
import { PACKAGE_SCHEMA_BASE_URL } from './schema-urls.ts';
import { vscodeHooksFile } from './vscode.ts';

/** Draft-07 JSON Schema text for a zod model: the input shape users write, our own `$id`. */
function render(schema: z.ZodType, name: string, title: string, extra: Record<string, unknown> = {}): string {
  const generated = z.toJSONSchema(schema, { target: 'draft-07', io: 'input' }) as Record<string, unknown>;
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
