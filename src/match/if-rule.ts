import { TOOL_CALL_EVENTS } from '../events/event-sets.ts';
import type { EventName } from '../model/event-name.ts';
import {
  type CommandPattern,
  canonicalPowerShellCommand,
  compileCommandPattern,
  hasDynamicWords,
  stripWrappers,
} from './command-pattern.ts';
import type { MatchNote } from './matcher-types.ts';
import { compilePathPattern, type PathContext } from './path-pattern.ts';
import { splitShellCommand } from './shell-split.ts';
import { normalizeLegacyToolName } from './tool-names.ts';

export type IfRuleContext = PathContext;

export interface CompiledIfRule {
  readonly rule: string;
  /** Tool name after legacy normalization (`Task` → `Agent`). */
  readonly toolName: string;
  readonly specifier?: string;
  readonly describe: string;
  readonly warnings?: readonly MatchNote[];
  test(toolName: string, toolInput: Record<string, unknown>, ctx: IfRuleContext): boolean;
}

export interface IfRuleError {
  readonly error: string;
  readonly code: 'MATCH_INVALID_IF_RULE';
}

type SpecifierTest = (input: Record<string, unknown>, ctx: IfRuleContext) => boolean;

/** A tool name; `mcp__server__*` names every tool of a server (§5.2). */
const TOOL_NAME = /^[A-Za-z0-9_-]+(?:__\*)?$/;
/** File tools and the input field holding their path (§5.3 "File tools"). */
const FILE_TOOL_FIELDS: Readonly<Record<string, string>> = {
  Read: 'file_path',
  Edit: 'file_path',
  Write: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
  Glob: 'path',
  Grep: 'path',
};

/**
 * Compiles a handler's `if` (claude-code-hooks.md §5.3, §4.1): exactly one permission rule `Tool`
 * or `Tool(specifier)`. The tool names must agree (after legacy normalization); a bare rule then
 * matches; otherwise the tool's own matcher decides. Tools with a specifier but no matcher never
 * match (reported as a warning). Evaluate it on tool events only.
 */
export function compileIfRule(rule: string): CompiledIfRule | IfRuleError {
  const parsed = parseRule(rule);
  if ('error' in parsed) return parsed;
  const toolName = normalizeLegacyToolName(parsed.tool);
  const sameTool = toolNameTest(toolName);
  if (parsed.specifier === undefined) {
    return {
      rule,
      toolName,
      describe: `if ${rule}: every ${toolName} call`,
      test: (name) => sameTool(name),
    };
  }
  const specifier = parsed.specifier;
  let built: SpecifierTest | undefined;
  try {
    built = specifierTest(toolName, specifier);
  } catch (error) {
    // A pattern the regex engine refuses (too large) is this rule's error, found at load time.
    return invalid(rule, (error as Error).message);
  }
  const warnings: MatchNote[] = [];
  if (built === undefined) {
    warnings.push({
      code: 'MATCH_IF_RULE_NEVER_MATCHES',
      message: `${toolName} has no permission matcher for a specifier: "if": ${JSON.stringify(rule)} never matches`,
    });
  }
  return {
    rule,
    toolName,
    specifier,
    describe: `if ${rule}${built === undefined ? ' (never matches)' : ''}`,
    ...(warnings.length > 0 ? { warnings } : {}),
    test: (name, input, ctx) => built !== undefined && sameTool(name) && built(input, ctx),
  };
}

function parseRule(rule: string): { tool: string; specifier?: string } | IfRuleError {
  const text = rule.trim();
  const open = text.indexOf('(');
  const tool = open < 0 ? text : text.slice(0, open);
  if (!TOOL_NAME.test(tool))
    return invalid(rule, 'expected a tool name such as `Bash` or `mcp__server__tool`');
  if (open < 0) return { tool };
  if (!text.endsWith(')') || closingParen(text, open) !== text.length - 1) {
    return invalid(rule, 'expected exactly one rule `Tool(specifier)`; lists and operators are not allowed');
  }
  const specifier = text.slice(open + 1, -1).trim();
  return specifier === '' || specifier === '*' ? { tool } : { tool, specifier };
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function invalid(rule: string, why: string): IfRuleError {
  return { error: `invalid "if" rule ${JSON.stringify(rule)}: ${why}`, code: 'MATCH_INVALID_IF_RULE' };
}

/** MCP rules: `mcp__server` and `mcp__server__*` cover every tool of the server (§5.2, §5.3). */
function toolNameTest(ruleTool: string): (name: string) => boolean {
  const server = /^(mcp__.+?)(?:__\*)?$/.exec(ruleTool);
  if (server !== null && (ruleTool.endsWith('__*') || !ruleTool.slice(5).includes('__'))) {
    const prefix = `${server[1]}__`;
    return (name) => name.startsWith(prefix);
  }
  return (name) => normalizeLegacyToolName(name) === ruleTool;
}

function specifierTest(toolName: string, specifier: string): SpecifierTest | undefined {
  if (toolName === 'Bash') return shellTest(compileCommandPattern(specifier), false);
  if (toolName === 'PowerShell')
    return shellTest(compileCommandPattern(specifier, { caseInsensitive: true }), true);
  const fileField = FILE_TOOL_FIELDS[toolName];
  if (fileField !== undefined) {
    const pattern = compilePathPattern(specifier);
    return (input, ctx) => {
      const value = input[fileField] ?? (toolName === 'Glob' || toolName === 'Grep' ? ctx.cwd : undefined);
      return typeof value === 'string' && value !== '' && pattern.test(value, ctx);
    };
  }
  if (toolName === 'WebFetch') return domainTest(specifier);
  if (toolName === 'Agent') return fieldTest('subagent_type', compileCommandPattern(specifier));
  if (toolName === 'Skill') return fieldTest('skill', compileCommandPattern(specifier));
  return undefined;
}

// Every `if` rule of one dispatch sees the same command: remember the last split so 1,000
// configured rules cost one parse, not one each (bench plan-1000-hooks).
let lastSplit:
  | {
      command: string;
      powershell: boolean;
      result: ReturnType<typeof splitShellCommand>;
      forms: Map<string, string[]>;
      dynamic?: boolean;
    }
  | undefined;

function splitOnce(command: string, powershell: boolean): ReturnType<typeof splitShellCommand> {
  if (lastSplit && lastSplit.command === command && lastSplit.powershell === powershell)
    return lastSplit.result;
  const result = splitShellCommand(command, { powershell });
  lastSplit = { command, powershell, result, forms: new Map() };
  return result;
}

function dynamicWords(command: string): boolean {
  if (lastSplit?.command !== command) return hasDynamicWords(command);
  lastSplit.dynamic ??= hasDynamicWords(command);
  return lastSplit.dynamic;
}

/** The spellings one subcommand is matched in (as written, wrappers stripped), computed once. */
function formsOf(part: string, powershell: boolean): string[] {
  const cache = lastSplit?.powershell === powershell ? lastSplit.forms : undefined;
  let forms = cache?.get(part);
  if (!forms) {
    const stripped = stripWrappers(part);
    forms = stripped === part ? [part] : [part, stripped];
    if (powershell) forms.push(...forms.map(canonicalPowerShellCommand));
    cache?.set(part, forms);
  }
  return forms;
}

/**
 * §5.3 Bash: any subcommand matching fires (unlike allow rules, which need all); an unparsable or
 * missing command fires (fail-open); a specific pattern fires on run-time words.
 */
function shellTest(pattern: CommandPattern, powershell: boolean): SpecifierTest {
  const matches = (command: string): boolean => {
    return formsOf(command, powershell).some((form) => pattern.test(form));
  };
  return (input) => {
    const command = input.command;
    if (typeof command !== 'string') return true;
    const split = splitOnce(command, powershell);
    if (!split.ok) return true;
    if (pattern.specific && dynamicWords(command)) return true;
    return split.commands.some(matches);
  };
}

/** `WebFetch(domain:example.com)`: case-insensitive host; `*.example.com` for subdomains (§5.3). */
function domainTest(specifier: string): SpecifierTest | undefined {
  if (!specifier.startsWith('domain:')) return undefined;
  const domain = specifier.slice('domain:'.length).trim().toLowerCase();
  return (input) => {
    if (typeof input.url !== 'string' || !URL.canParse(input.url)) return false;
    const host = new URL(input.url).hostname.toLowerCase();
    if (domain === '*') return true;
    if (domain.startsWith('*.')) return host.endsWith(domain.slice(1));
    return host === domain;
  };
}

function fieldTest(field: string, pattern: CommandPattern): SpecifierTest {
  return (input) => typeof input[field] === 'string' && pattern.test(input[field] as string);
}

/**
 * Why a handler with `if` cannot run on this event, or undefined on tool events (§4.1: on any
 * other event a hook with `if` never runs; claude-code-observed.md: a SessionStart hook with `if`
 * never runs).
 */
export function ifRuleBlockedOnEvent(event: EventName, rule: string): MatchNote | undefined {
  if (TOOL_CALL_EVENTS.has(event)) return undefined;
  return {
    code: 'MATCH_IF_ON_NON_TOOL_EVENT',
    message: `"if": ${JSON.stringify(rule)} is only evaluated on tool events; this ${event} handler never runs`,
  };
}
