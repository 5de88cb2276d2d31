import { relative } from 'node:path';
import pc from 'picocolors';
import type { DispatchResult, HookRunReport, Outcome } from '../engine/dispatch/result.ts';
import type { Diagnostic } from '../errors.ts';
import type { HttpRunNotes } from '../runners/types.ts';

const OUTCOME_COLOR: Record<Outcome, (text: string) => string> = {
  success: pc.green,
  blocking: pc.red,
  'non-blocking-error': pc.yellow,
  timeout: pc.yellow,
  'spawn-error': pc.red,
  cancelled: pc.gray,
  skipped: pc.gray,
};

function where(source: HookRunReport['source'], cwd: string): string {
  const file = source.file.startsWith('/') ? relative(cwd, source.file) || source.file : source.file;
  return `${file}${source.line ? `:${source.line}` : ''} ${pc.dim(source.pointer)}`;
}

function decisionText(result: DispatchResult): string {
  if (result.decision === null) return pc.dim('none (no handler decided)');
  const color = result.decision === 'allow' ? pc.green : result.decision === 'ask' ? pc.yellow : pc.red;
  return color(pc.bold(result.decision));
}

/** The readable account of one dispatch: what ran, what each did, what was decided and why. */
export function renderResult(
  result: DispatchResult,
  diagnostics: readonly Diagnostic[],
  cwd: string,
): string {
  const lines: string[] = [];
  lines.push(`${pc.bold(result.event)} ${pc.dim(`(profile ${result.profile})`)}`);
  if (result.hooks.length === 0) lines.push(pc.dim('  no handler ran'));
  for (const hook of result.hooks) {
    const exit = hook.exitCode === null ? (hook.signal ?? '') : `exit ${hook.exitCode}`;
    lines.push(
      `  ${OUTCOME_COLOR[hook.outcome](hook.outcome.padEnd(18))} ${hook.type} ${pc.cyan(hook.label)} ${pc.dim(`${exit} ${hook.durationMs} ms`)}`,
    );
    if (hook.statusMessage) lines.push(`    ${pc.dim('status')} ${hook.statusMessage}`);
    lines.push(
      `    ${pc.dim('from')} ${where(hook.source, cwd)}${hook.untrusted ? pc.yellow(' (untrusted project hook)') : ''}`,
    );
    lines.push(`    ${pc.dim('effect')} ${hook.effect}`);
    if (hook.http) lines.push(`    ${pc.dim('http')} ${httpNotesText(hook.http)}`);
    for (const warning of hook.warnings) lines.push(`    ${pc.yellow('warning')} ${warning}`);
  }
  lines.push(`  ${pc.bold('decision')} ${decisionText(result)}${result.reason ? `: ${result.reason}` : ''}`);
  if (!result.continue)
    lines.push(`  ${pc.red('stop')} continue: false${result.stopReason ? ` (${result.stopReason})` : ''}`);
  if (result.updatedInput) lines.push(`  ${pc.bold('updated input')} ${JSON.stringify(result.updatedInput)}`);
  const check = inputCheckLine(result);
  if (check) lines.push(check);
  for (const text of result.messages.toModel) lines.push(`  ${pc.magenta('to the model')} ${indent(text)}`);
  for (const text of result.messages.toUser) lines.push(`  ${pc.blue('to the user')} ${indent(text)}`);
  for (const hook of result.backgrounded ?? []) {
    lines.push(
      `  ${pc.dim('background')} ${hook.label} ${pc.dim('(async: its output arrives on a later turn)')}`,
    );
  }
  for (const prompt of result.prompts) lines.push(`  ${pc.blue('prompt to submit')} ${prompt}`);
  for (const skip of result.skipped)
    lines.push(`  ${pc.gray('skipped')} ${where(skip.source, cwd)}: ${skip.why}`);
  for (const d of [...diagnostics, ...result.diagnostics]) {
    const color = d.severity === 'error' ? pc.red : d.severity === 'warning' ? pc.yellow : pc.dim;
    const at = d.file ? `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''} ` : '';
    lines.push(`  ${color(d.severity)} ${at}${pc.dim(d.code)} ${d.message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** How an HTTP hook's request went out: the proxy, the SSRF guard, the allowlist entry. */
function httpNotesText(notes: HttpRunNotes): string {
  const route = notes.proxy
    ? `through proxy ${notes.proxy.url} (${notes.proxy.variable}): SSRF guard bypassed, the proxy resolved the host`
    : `direct${notes.proxyExemptBy ? ` (${notes.proxyExemptBy} exempts it from the proxy)` : ''}: SSRF guard applied`;
  const listed =
    notes.allowlist.status === 'matched'
      ? `allowed by allowedHttpHookUrls entry ${JSON.stringify(notes.allowlist.pattern)}`
      : 'no allowedHttpHookUrls set';
  return `${route}; ${listed}`;
}

/** Whether the tool-input rewrite was checked against the tool's schema (`--tool-schemas`). */
function inputCheckLine(result: DispatchResult): string | undefined {
  const check = result.updatedInputCheck;
  if (check === undefined) return undefined;
  if (check.status === 'valid')
    return `  ${pc.dim('info')} updated input matches the input schema of tool ${check.tool}`;
  if (check.status === 'discarded')
    return `  ${pc.red('updated input discarded')}: it does not match the input schema of tool ${check.tool}`;
  return `  ${pc.dim('info')} updated input not checked: ${check.why} (--tool-schemas FILE gives the tools' input schemas)`;
}

function indent(text: string): string {
  return text.replace(/\n/g, '\n      ');
}
