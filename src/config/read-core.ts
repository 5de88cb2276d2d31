// Reading one configuration text (readConfig's work), with or without the zod models: the quick
// check accepts almost every real file, so the CLI reads without them and loads zod only for a
// file it must describe (read-config.ts holds readConfig, which has them).
import { diagnostic } from '../errors.ts';
import { MAX_JSON_DEPTH } from '../model/json-depth.ts';
import { parseYamlDoc, splitFrontmatter } from './parse/frontmatter.ts';
import { type ParsedDoc, parseJsonDoc } from './parse/source-doc.ts';
import type { ReadOptions, ReadResult } from './read-types.ts';
import { readClaudeHooks } from './readers/claude.ts';
import { readClaudePolicy } from './readers/claude-policy.ts';
import type { ConfigModels } from './readers/config-models.ts';
import { describe, isRecord, NeedsModels, ReadContext } from './readers/context.ts';
import { readCopilotHooks } from './readers/copilot.ts';
import { isClaudeSettingsPath, readVscodeHooks } from './readers/vscode.ts';
import { readVscodeClaudePolicy } from './readers/vscode-claude-policy.ts';

/**
 * readConfig (read-config.ts) without loading zod, for the paths a host starts on every tool call
 * (issue 16 item 4): undefined when a value fails the quick check and so needs the zod models to
 * be described. Every other result is the one readConfig gives.
 */
export function readConfigQuickly(options: ReadOptions): ReadResult | undefined {
  try {
    return readConfigWith(options, undefined);
  } catch (error) {
    if (error instanceof NeedsModels) return undefined;
    throw error;
  }
}

/** readConfig, once read-config.ts is loaded (it registers itself); see readConfigNow. */
let loadedReadConfig: ((options: ReadOptions) => ReadResult) | undefined;

export function registerReadConfig(read: (options: ReadOptions) => ReadResult): void {
  loadedReadConfig = read;
}

/**
 * readConfig for a caller that cannot wait (engine.session().addSessionHook): the quick read, or
 * readConfig when the text needs the zod models. Those are loaded whenever the library's entry
 * point is (it exports readConfig), the only way a program reaches addSessionHook.
 */
export function readConfigNow(options: ReadOptions): ReadResult {
  const quick = readConfigQuickly(options);
  if (quick !== undefined) return quick;
  if (loadedReadConfig === undefined)
    throw new Error('internal: the configuration needs readConfig, and read-config.ts is not loaded');
  return loadedReadConfig(options);
}

/** readConfig, loading the zod models only for a text the quick check does not accept. */
export async function readConfigLazily(options: ReadOptions): Promise<ReadResult> {
  return readConfigQuickly(options) ?? (await import('./read-config.ts')).readConfig(options);
}

/** Reads one configuration text, checking objects with `models` where the quick check does not accept them. */
export function readConfigWith(options: ReadOptions, models: ConfigModels | undefined): ReadResult {
  const result: ReadResult = { handlers: [], diagnostics: [], policy: {}, prompts: [], fileDisabled: false };
  const parsed = parse(options);
  if (parsed === undefined) return result;
  if (!parsed.ok) {
    for (const problem of parsed.problems) {
      result.diagnostics.push(
        diagnostic(
          'CONFIG_INVALID_JSON',
          `${options.kind === 'frontmatter' ? 'YAML' : 'JSON'} syntax error: ${problem.message}`,
          {
            file: options.file,
            line: problem.line,
            column: problem.column,
            pointer: '',
            expected: options.kind === 'frontmatter' ? 'valid YAML' : 'valid JSON',
            found: problem.found,
          },
        ),
      );
    }
    return result;
  }
  const ctx = new ReadContext(options, parsed.doc, models);
  for (const at of parsed.tooDeep ?? []) {
    result.diagnostics.push(
      diagnostic('CONFIG_TOO_DEEP', `A value is nested deeper than ${MAX_JSON_DEPTH} levels; read as 0`, {
        file: options.file,
        ...at,
        expected: `at most ${MAX_JSON_DEPTH} levels of nesting`,
        found: 'deeper nesting',
      }),
    );
  }
  for (const twice of parsed.duplicates ?? []) {
    const first = `${twice.first.line}:${twice.first.column}`;
    result.diagnostics.push(
      diagnostic(
        'CONFIG_DUPLICATE_KEY',
        `"${twice.key}" appears twice in one object; the hosts read only the last, so the one at ${first} is ignored`,
        {
          file: options.file,
          line: twice.line,
          column: twice.column,
          pointer: twice.pointer,
          expected: 'each key once',
          found: `"${twice.key}" again`,
        },
      ),
    );
  }
  const top = parsed.doc.value;
  if (options.kind === 'frontmatter' && (top === null || top === undefined)) return result;
  if (!isRecord(top)) {
    ctx.report('CONFIG_INVALID_STRUCTURE', 'The file must contain an object', [], {
      expected: 'object',
      found: describe(top),
    });
    return { ...result, diagnostics: [...result.diagnostics, ...ctx.diagnostics] };
  }
  readTop(ctx, top, result);
  return { ...result, diagnostics: [...result.diagnostics, ...ctx.diagnostics] };
}

function isVscodeAgentHooks(hooks: unknown): boolean {
  if (!isRecord(hooks)) return false;
  return Object.values(hooks).some(
    (items) =>
      Array.isArray(items) && items.some((item) => isRecord(item) && 'type' in item && !('hooks' in item)),
  );
}

function parse(options: ReadOptions): ParsedDoc | undefined {
  if (options.kind !== 'frontmatter') return parseJsonDoc(options.text, options.kind === 'vscode-hooks');
  const block = splitFrontmatter(options.text);
  return block === undefined ? undefined : parseYamlDoc(block.yaml, block.lineOffset);
}

function readTop(ctx: ReadContext, top: Record<string, unknown>, result: ReadResult): void {
  switch (ctx.options.kind) {
    case 'claude-settings':
      result.policy = readClaudePolicy(ctx, top);
      result.handlers = readClaudeHooks(ctx, top.hooks, ['hooks']);
      return;
    case 'claude-plugin-hooks':
      result.handlers = readClaudeHooks(ctx, top.hooks, ['hooks']);
      return;
    case 'frontmatter':
      // seed 000: a VS Code custom agent (`*.agent.md`) lists flat command entries per event;
      // Claude skills and agents nest them in matcher groups (claude-code-hooks.md §1). VS Code
      // reads an agent's nested groups as it reads a hook file's (other-agents-hooks.md §2.3:
      // "same shape (direct entries or Claude nested {matcher, hooks})"; §2.4 step 3 drops the
      // matcher and every non-command type, step 4 keeps only its own command keys).
      result.handlers =
        ctx.options.vscodeAgent === true || isVscodeAgentHooks(top.hooks)
          ? readVscodeHooks(ctx, top.hooks, ['hooks'], false)
          : readClaudeHooks(ctx, top.hooks, ['hooks']);
      return;
    case 'vscode-hooks': {
      const claudeFile = ctx.options.claudeFormat === true || isClaudeSettingsPath(ctx.options.file);
      // VS Code honours disableAllHooks only in Claude files, and no other policy key
      // (other-agents-hooks.md §2.4 step 7); the others are said (vscode-claude-policy.ts).
      if (claudeFile) result.policy = readVscodeClaudePolicy(ctx, top);
      result.handlers = readVscodeHooks(ctx, top.hooks, ['hooks'], claudeFile);
      return;
    }
    case 'copilot-hooks-file':
      readCopilotFile(ctx, top, result);
      return;
    case 'copilot-settings':
      readCopilotSettings(ctx, top, result);
      return;
  }
}

/** other-agents-hooks.md §1.1: bad JSON, a bad `version` or a non-array event list reject the file. */
function readCopilotFile(ctx: ReadContext, top: Record<string, unknown>, result: ReadResult): void {
  if (top.version === undefined) {
    // Omission is DOCS SILENT: load the file but say so.
    ctx.report('CONFIG_INVALID_VERSION', 'Missing "version"; Copilot documents "version": 1', [], {
      severity: 'warning',
      expected: '1',
      found: 'nothing',
    });
  } else if (top.version !== 1) {
    ctx.report(
      'CONFIG_INVALID_VERSION',
      `Unsupported version ${describe(top.version)}; the file was rejected`,
      ['version'],
      {
        expected: '1',
        found: describe(top.version),
      },
    );
    return;
  }
  if (top.disableAllHooks !== undefined && typeof top.disableAllHooks !== 'boolean') {
    ctx.report('CONFIG_INVALID_POLICY', '"disableAllHooks" must be a boolean', ['disableAllHooks'], {
      expected: 'boolean',
      found: describe(top.disableAllHooks),
    });
  }
  result.fileDisabled = top.disableAllHooks === true;
  const hooks = readCopilotHooks(ctx, top.hooks, ['hooks']);
  if (hooks.rejected) return;
  result.handlers = hooks.handlers;
  result.prompts = hooks.prompts;
}

/** Inline `hooks` in Copilot settings are strict: any item error rejects the whole block (§1.1). */
function readCopilotSettings(ctx: ReadContext, top: Record<string, unknown>, result: ReadResult): void {
  if (top.disableAllHooks !== undefined) {
    if (typeof top.disableAllHooks === 'boolean') result.policy.disableAllHooks = top.disableAllHooks;
    else
      ctx.report('CONFIG_INVALID_POLICY', '"disableAllHooks" must be a boolean', ['disableAllHooks'], {
        expected: 'boolean',
        found: describe(top.disableAllHooks),
      });
  }
  const before = ctx.diagnostics.length;
  const hooks = readCopilotHooks(ctx, top.hooks, ['hooks']);
  const errors = ctx.diagnostics.slice(before).filter((found) => found.severity === 'error').length;
  if (hooks.rejected) return;
  if (errors > 0) {
    ctx.report(
      'CONFIG_BLOCK_REJECTED',
      `The inline "hooks" block has ${errors} error(s); none of its hooks were loaded`,
      ['hooks'],
      {
        expected: 'no invalid items',
        found: `${errors} error(s)`,
      },
    );
    return;
  }
  result.handlers = hooks.handlers;
  result.prompts = hooks.prompts;
}
