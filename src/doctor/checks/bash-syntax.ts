import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { CommandHandler } from '../../model/handler.ts';
import { commandLine } from '../command-text.ts';
import { commandPointer, handlerFinding } from '../finding.ts';
import type { CheckContext, Finding } from '../types.ts';

const POSIX_SHELL = '/bin/sh';

/** Constructs dash and other POSIX shells do not know (what `checkbashisms` flags first). */
const BASHISMS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: '`[[ … ]]`', pattern: /(^|[\s;&|(])\[\[\s/ },
  { what: 'a here-string `<<<`', pattern: /<<</ },
  { what: '`source`', pattern: /(^|[\s;&|(])source\s/ },
  { what: '`function name`', pattern: /(^|[\s;&|(])function\s+[A-Za-z_]/ },
  { what: 'an array', pattern: /(^|[\s;&|(])[A-Za-z_][A-Za-z0-9_]*=\(|\$\{[A-Za-z_][A-Za-z0-9_]*\[/ },
  { what: '`&>` redirection', pattern: /&>/ },
];

/** The shell /bin/sh is on this machine (`dash` on Debian and Ubuntu, `bash` on Fedora and macOS). */
export function posixShellName(): string {
  try {
    return path.basename(realpathSync(POSIX_SHELL));
  } catch {
    return 'sh';
  }
}

/** Single-quoted text is data (a jq program, a message): bash syntax there runs nowhere. */
function withoutQuotedText(text: string): string {
  return text.replace(/'[^']*'/g, "''");
}

/** The bash-only constructs in a command string, in the order listed above. */
export function bashOnlyConstructs(text: string): string[] {
  const code = withoutQuotedText(text);
  return BASHISMS.filter((b) => b.pattern.test(code)).map((b) => b.what);
}

function checkHandler(handler: CommandHandler, ctx: CheckContext, shell: string): Finding | undefined {
  const line = commandLine(handler, ctx.profile, ctx.projectDir, ctx.platform);
  if (line?.shell !== 'sh') return undefined;
  const found = bashOnlyConstructs(line.text);
  if (found.length === 0) return undefined;
  return handlerFinding('DOCTOR_BASH_ONLY_SYNTAX', handler, {
    profile: ctx.profile,
    pointer: commandPointer(handler),
    message: `${handler.event} hook command uses ${found.join(', ')}, but ${ctx.profile} runs it with /bin/sh, which is ${shell} here`,
    ...(handler.dialect === 'claude'
      ? {}
      : { fix: 'Write POSIX sh, or move the code into a script that starts with `#!/usr/bin/env bash`.' }),
  });
}

/**
 * Bash syntax in a command a host runs with /bin/sh (Claude Code's shell form and VS Code on
 * POSIX: claude-code-hooks.md §4.2, other-agents-hooks.md §2.4); Copilot CLI always uses bash.
 */
export function checkBashSyntax(ctx: CheckContext): Finding[] {
  const shell = posixShellName();
  if (shell === 'bash') return [];
  const findings: Finding[] = [];
  for (const handler of ctx.handlers) {
    if (handler.type !== 'command') continue;
    const finding = checkHandler(handler, ctx, shell);
    if (finding) findings.push(finding);
  }
  return findings;
}
