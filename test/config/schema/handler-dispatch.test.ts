import { describe, expect, it } from 'vitest';
import {
  renderClaudeSettingsSchema,
  renderCopilotHooksSchema,
  renderFrontmatterHooksSchema,
  renderVscodeHooksSchema,
} from '../../../src/config/schema/render-schemas.ts';
import { dispatchNodes, issuesAgainst, outerOf, selectedBranches } from '../../helpers/json-schema.ts';

// Issue 14 (the package): handler schemas use `type` as a discriminator, so an editor reports the
// real error of a broken command hook instead of "matches no alternative" or every alternative's
// failures. JSON Schema draft-07 §6.6 `if`/`then`: only the selected branch is checked.

type Json = Record<string, any>;

const claude = JSON.parse(renderClaudeSettingsSchema()) as Json;
const copilot = JSON.parse(renderCopilotHooksSchema()) as Json;
const vscode = JSON.parse(renderVscodeHooksSchema()) as Json;
const frontmatter = JSON.parse(renderFrontmatterHooksSchema()) as Json;

const claudeItems = claude.definitions.claudeMatcherGroup.properties.hooks.items as Json;
const copilotItems = copilot.definitions.copilotEntry as Json;
const vscodeItems = vscode.definitions.vscodeHookItem as Json;

/** Where each issue of `item` lies, against the only branch its discriminator selects. */
function realErrors(document: Json, dispatch: Json, item: unknown, expectedRef: string): string[] {
  const branches = selectedBranches(dispatch, item);
  expect(branches).toEqual([{ $ref: `#/definitions/${expectedRef}` }]);
  return issuesAgainst(document, branches[0] as Json, item).map((issue) => issue.path.join('.'));
}

describe('handler schemas dispatch on type (issue 14, package)', () => {
  it('no handler list is a oneOf/anyOf any more: every schema file dispatches with if/then', () => {
    for (const document of [claude, copilot, vscode, frontmatter]) {
      const text = JSON.stringify(document);
      expect(text).not.toMatch(/"(oneOf|anyOf)"/);
      expect(dispatchNodes(document).length).toBeGreaterThan(0);
    }
    expect(dispatchNodes(claude)).toEqual([claudeItems]);
    expect(dispatchNodes(copilot)).toEqual([copilotItems]);
    expect(dispatchNodes(vscode)).toEqual([vscodeItems]);
  });

  it('each then-definition pins the type its if selects, so branches never overlap', () => {
    for (const [document, dispatch] of [
      [claude, claudeItems],
      [copilot, copilotItems],
    ] as const) {
      // The outer enum lists exactly the branches' types, so an `anyOf` of the thens means the same.
      expect(outerOf(dispatch).properties.type.enum).toEqual(
        dispatch.allOf.map((branch: Json) => branch.if.properties.type.const),
      );
      for (const branch of dispatch.allOf) {
        const definition = document.definitions[branch.then.$ref.split('/').pop()];
        expect(definition.properties.type.const).toBe(branch.if.properties.type.const);
        // Required in the definition exactly when the `if` requires it (Copilot commands need no type).
        expect(definition.required?.includes('type') ?? false).toBe(
          branch.if.required?.includes('type') ?? false,
        );
      }
    }
    const [entry, group] = vscodeItems.allOf;
    expect(vscode.definitions.vscodeCommandEntry.additionalProperties).toBe(false);
    expect(vscode.definitions.vscodeCommandEntry.properties).not.toHaveProperty('hooks');
    expect(entry.if).toEqual({ not: { required: ['hooks'] } });
    expect(group.if).toEqual({ required: ['hooks'] });
    expect(vscode.definitions.vscodeNestedGroup.required).toContain('hooks');
  });

  it('Claude: a command hook whose command is a number reports that field only (claude-code-hooks.md §4.1)', () => {
    expect(
      realErrors(claude, claudeItems, { type: 'command', command: 5, timeout: 10 }, 'claudeCommandHook'),
    ).toEqual(['command']);
    expect(realErrors(claude, claudeItems, { type: 'http' }, 'claudeHttpHook')).toEqual(['url']);
    expect(
      realErrors(claude, claudeItems, { type: 'command', command: 'x', timeout: '10' }, 'claudeCommandHook'),
    ).toEqual(['timeout']);
  });

  it('Claude: an unknown or missing type selects no branch and is reported on type', () => {
    for (const item of [{ type: 'comand', command: 'x' }, { command: 'x' }]) {
      expect(selectedBranches(claudeItems, item)).toEqual([]);
      expect(issuesAgainst(claude, outerOf(claudeItems), item).map((i) => i.path.join('.'))).toEqual([
        'type',
      ]);
    }
    expect(outerOf(claudeItems).properties.type.enum).toEqual([
      'command',
      'http',
      'mcp_tool',
      'prompt',
      'agent',
    ]);
  });

  it('Copilot: an entry without type is a command; http and prompt by type (other-agents-hooks.md §1.1)', () => {
    expect(realErrors(copilot, copilotItems, { bash: 5 }, 'copilotCommandEntry')).toEqual(['bash']);
    expect(realErrors(copilot, copilotItems, { type: 'command', bash: 'x' }, 'copilotCommandEntry')).toEqual(
      [],
    );
    expect(
      realErrors(
        copilot,
        copilotItems,
        { type: 'http', url: 'https://a', timeoutSec: '5' },
        'copilotHttpEntry',
      ),
    ).toEqual(['timeoutSec']);
    expect(realErrors(copilot, copilotItems, { type: 'prompt' }, 'copilotPromptEntry')).toEqual(['prompt']);
  });

  it('VS Code: a group is told from a flat entry by its hooks key (other-agents-hooks.md §2.3)', () => {
    expect(realErrors(vscode, vscodeItems, { command: 5 }, 'vscodeCommandEntry')).toEqual(['command']);
    expect(
      realErrors(vscode, vscodeItems, { matcher: 'x', hooks: [{ command: 5 }] }, 'vscodeNestedGroup'),
    ).toEqual(['hooks.0.command']);
  });
});
