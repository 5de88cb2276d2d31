import { readFileSync } from 'node:fs';
import { findScriptRefs } from '../../config/trust/script-refs.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { handlerFinding } from '../finding.ts';
import type { CheckContext, Finding } from '../types.ts';

/** Decision fields an async hook's output cannot apply (claude-code-hooks.md §4.7). */
const DECISION_FIELDS = /["']?\b(permissionDecision|decision|continue)["']?\s*[:=]/;
/** Bytes of a script searched for decision fields. */
const SCRIPT_SCAN_BYTES = 64 * 1024;

function isSkillFile(file: string): boolean {
  return file.endsWith('SKILL.md');
}

/** claude-code-hooks.md §4.1: `once` is honoured only in skill frontmatter. */
function onceIgnored(handler: NormalizedHandler, ctx: CheckContext): Finding | undefined {
  if (handler.once !== true || isSkillFile(handler.source.file)) return undefined;
  return handlerFinding('DOCTOR_ONCE_IGNORED', handler, {
    profile: ctx.profile,
    pointer: `${handler.source.pointer}/once`,
    key: true,
    message: `${handler.event} hook has "once": true outside a skill; it runs every time`,
  });
}

/** The text that produces the hook's output: its inline command and the scripts it runs. */
function outputSources(handler: NormalizedHandler, projectDir: string): string {
  if (handler.type !== 'command') return '';
  const parts = [handler.spec.command ?? '', handler.spec.bash ?? ''];
  for (const ref of findScriptRefs(handler, projectDir)) {
    try {
      parts.push(readFileSync(ref.path).subarray(0, SCRIPT_SCAN_BYTES).toString('utf8'));
    } catch {
      // A missing script is the program check's finding.
    }
  }
  return parts.join('\n');
}

/** An async hook whose command or script prints decision fields: they have no effect (§4.7). */
function asyncDecision(handler: NormalizedHandler, ctx: CheckContext): Finding | undefined {
  if (handler.async !== true || handler.asyncRewake === true) return undefined;
  const field = DECISION_FIELDS.exec(outputSources(handler, ctx.projectDir))?.[1];
  if (field === undefined) return undefined;
  return handlerFinding('DOCTOR_ASYNC_DECISION', handler, {
    profile: ctx.profile,
    pointer: `${handler.source.pointer}/async`,
    key: true,
    message: `${handler.event} hook is async but its output sets "${field}", which an async hook cannot apply`,
  });
}

/** Handler fields the host ignores where they are written: `once` outside skills, `async` with decisions. */
export function checkFields(ctx: CheckContext): Finding[] {
  const findings: Finding[] = [];
  for (const handler of ctx.handlers) {
    const once = onceIgnored(handler, ctx);
    if (once) findings.push(once);
    const async = asyncDecision(handler, ctx);
    if (async) findings.push(async);
  }
  return findings;
}
