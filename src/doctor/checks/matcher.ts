import { didYouMean } from '../../errors/did-you-mean.ts';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import { toClaudeToolName, toCopilotToolName } from '../../events/tool-names.ts';
import { compileMatcher } from '../../match/index.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { handlerFinding, matcherPointer } from '../finding.ts';
import { toolNamesSeenBy } from '../tool-universe.ts';
import type { CheckContext, Finding } from '../types.ts';

/** claude-code-hooks.md §5.1: these characters only make an exact list; split on `|` or `,`. */
const EXACT_LIST = /^[A-Za-z0-9_\- ,|]+$/;
const HOST_LABEL = { claude: 'Claude Code', copilot: 'Copilot CLI (camelCase hooks)' } as const;

function tokensOf(matcher: string): string[] {
  if (!EXACT_LIST.test(matcher)) return [matcher];
  return matcher
    .split(/[|,]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** A name close to `token` that the host sends: same letters, a longer name it starts, or a typo. */
function closeName(token: string, names: readonly string[]): string | undefined {
  const lower = token.toLowerCase();
  return (
    names.find((n) => n.toLowerCase() === lower) ??
    (token.length >= 3 ? names.find((n) => n.toLowerCase().startsWith(lower)) : undefined) ??
    didYouMean(token, names)
  );
}

function findingsFor(handler: NormalizedHandler, ctx: CheckContext): Finding[] {
  const matcher = handler.matcher;
  if (matcher === undefined || matcher === '' || matcher === '*' || !TOOL_CALL_EVENTS.has(handler.event))
    return [];
  const compiled = compileMatcher(matcher, {
    dialect: handler.dialect,
    event: handler.event,
    profile: ctx.profile,
    eventKey: handler.eventKey,
  });
  if (compiled.kind !== 'exact' && compiled.kind !== 'regex') return [];
  const where = { profile: ctx.profile, pointer: matcherPointer(handler) };
  const findings = (compiled.warnings ?? [])
    .filter((w) => w.code === 'MATCH_BARE_MCP_SERVER')
    .map((w) =>
      handlerFinding(w.code, handler, { ...where, message: `${handler.event} matcher: ${w.message}` }),
    );
  const { own, other } = toolNamesSeenBy(handler.dialect);
  const exact = compiled.kind === 'exact';
  if (!exact && own.some((name) => compiled.test(name))) return findings;
  const label = handler.dialect === 'copilot' ? HOST_LABEL.copilot : HOST_LABEL.claude;
  const translate = handler.dialect === 'copilot' ? toCopilotToolName : toClaudeToolName;
  for (const token of exact ? tokensOf(matcher) : [matcher]) {
    if (/mcp/i.test(token) || (exact && own.includes(token))) continue;
    const foreign = other.filter((name) => (exact ? name === token : compiled.test(name)));
    if (foreign.length > 0) {
      const names = [...new Set(foreign.map(translate))];
      findings.push(
        handlerFinding('DOCTOR_MATCHER_HOST_NAME', handler, {
          ...where,
          message: `${handler.event} matcher "${matcher}": ${JSON.stringify(token)} is another host's tool name; ${label} sends ${names.map((n) => JSON.stringify(n)).join(', ')}`,
          fix: `Write the matcher as "${names.join('|')}"`,
        }),
      );
      continue;
    }
    const suggestion = exact ? closeName(token, own) : undefined;
    findings.push(
      handlerFinding('DOCTOR_MATCHER_UNKNOWN_TOOL', handler, {
        ...where,
        message: `${handler.event} matcher "${matcher}": ${JSON.stringify(token)} matches no tool ${label} sends${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
        fix: suggestion
          ? `Write "${suggestion}" (tool names are exact and case-sensitive)`
          : `Use one of: ${own.join(', ')}, or mcp__<server>__<tool>`,
      }),
    );
  }
  return findings;
}

/**
 * Tool-event matchers that can never fire on the host (claude-code-hooks.md §5.1, §5.2;
 * other-agents-hooks.md §1.4), with the names that would match. VS Code ignores matchers.
 */
export function checkMatchers(ctx: CheckContext): Finding[] {
  if (ctx.profile === 'vscode') return [];
  return ctx.handlers.flatMap((handler) => findingsFor(handler, ctx));
}
