import type { Dialect } from '../../model/dialect.ts';
import type { CommandFields } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { substitutePlaceholders } from './expand.ts';

export type ShellKind = 'sh' | 'bash' | 'powershell' | 'pwsh' | 'cmd';

/** One executable and its argv, ready for `spawn` without `shell: true`. */
export interface ResolvedCommand {
  file: string;
  args: string[];
  /** The shell interpreting the command string; null for exec form (no shell at all). */
  shell: ShellKind | null;
  /** Human-readable form for messages and traces. */
  display: string;
}

export interface ResolveOptions {
  dialect: Dialect;
  platform: NodeJS.Platform;
  /** `${NAME}` placeholders replaced in command strings and args (CLAUDE_PLUGIN_ROOT, …). */
  substitutions: Record<string, string>;
  /**
   * Which PowerShell runs PowerShell commands on Windows. Default `powershell` (Windows
   * PowerShell 5.1): it ships with every Windows, and VS Code uses it too (other-agents-hooks.md
   * §2.5). Claude Code prefers `pwsh` when installed; an embedder that found `pwsh` passes it here.
   */
  windowsPowerShell?: 'powershell' | 'pwsh';
  /** The emulated host: Copilot CLI starts every POSIX shell command its own way. */
  host?: ProfileName;
}

const POSIX_SHELL = '/bin/sh';
/**
 * copilot-cli-observed.md "How hooks are started": Copilot CLI runs every hook as
 * `/bin/bash --norc --noprofile -c '<bash string>'`, whatever file the hook came from.
 */
const COPILOT_BASH = '/bin/bash';
const COPILOT_BASH_FLAGS = ['--norc', '--noprofile'];
/** Flags Claude Code passes to PowerShell (claude-code-hooks.md §4.2). */
const POWERSHELL_FLAGS = ['-NoProfile', '-NonInteractive', '-Command'];

/**
 * Resolves a handler's command fields into one executable + argv for `platform`
 * (claude-code-hooks.md §4.2, other-agents-hooks.md §1 and §2.4).
 */
export function resolveCommand(
  spec: CommandFields,
  opts: ResolveOptions,
): ResolvedCommand | { error: string } {
  const resolved = resolveForDialect(spec, opts);
  if (opts.host !== 'copilot-cli' || 'error' in resolved) return resolved;
  if (resolved.shell !== 'sh' && resolved.shell !== 'bash') return resolved;
  const command = resolved.args.at(-1) ?? '';
  const args = [...COPILOT_BASH_FLAGS, '-c', command];
  return {
    file: COPILOT_BASH,
    args,
    shell: 'bash',
    display: `${COPILOT_BASH} ${args.map(quoteForDisplay).join(' ')}`,
  };
}

function resolveForDialect(spec: CommandFields, opts: ResolveOptions): ResolvedCommand | { error: string } {
  const sub = (text: string): string => substitutePlaceholders(text, opts.substitutions);
  const windows = opts.platform === 'win32';
  switch (opts.dialect) {
    case 'claude': {
      if (spec.command === undefined || spec.command === '') return { error: 'the handler has no `command`' };
      if (spec.args !== undefined) return execForm(sub(spec.command), spec.args.map(sub));
      if (spec.shell === 'powershell') return powerShell(sub(spec.command), opts);
      if (spec.shell === 'bash') return shellForm('bash', 'bash', sub(spec.command));
      // Claude Code spawns shell form with Node's `shell: true` = /bin/sh (claude-code-observed.md).
      return windows ? powerShell(sub(spec.command), opts) : shellForm(POSIX_SHELL, 'sh', sub(spec.command));
    }
    case 'copilot':
    case 'copilot-compat': {
      if (spec.exec !== undefined) return execForm(sub(spec.exec), (spec.args ?? []).map(sub));
      // `command` is the cross-platform fallback for a missing `bash` / `powershell` key.
      if (windows) {
        const text = spec.powershell ?? spec.command;
        if (text === undefined) return noCommandFor(opts.platform, '`powershell` or `command`');
        return powerShell(sub(text), opts);
      }
      const text = spec.bash ?? spec.command;
      if (text === undefined) return noCommandFor(opts.platform, '`bash` or `command`');
      return shellForm('bash', 'bash', sub(text));
    }
    case 'vscode': {
      // `bash` maps to linux + osx and `powershell` to windows; explicit OS keys win
      // (other-agents-hooks.md §2.4 normalizeHookCommand / resolveEffectiveCommand).
      const text = windows
        ? (spec.windows ?? spec.powershell ?? spec.command)
        : opts.platform === 'darwin'
          ? (spec.osx ?? spec.bash ?? spec.command)
          : (spec.linux ?? spec.bash ?? spec.command);
      if (text === undefined) return noCommandFor(opts.platform, 'an OS key or `command`');
      return windows ? powerShell(sub(text), opts) : shellForm(POSIX_SHELL, 'sh', sub(text));
    }
  }
}

function execForm(file: string, args: string[]): ResolvedCommand {
  return { file, args, shell: null, display: [file, ...args].map(quoteForDisplay).join(' ') };
}

function shellForm(file: string, shell: ShellKind, command: string): ResolvedCommand {
  return { file, args: ['-c', command], shell, display: `${file} -c ${quoteForDisplay(command)}` };
}

function powerShell(command: string, opts: ResolveOptions): ResolvedCommand {
  // On macOS and Linux only PowerShell 7 exists, and its binary is `pwsh`.
  const kind = opts.platform === 'win32' ? (opts.windowsPowerShell ?? 'powershell') : 'pwsh';
  const file = kind === 'pwsh' ? 'pwsh' : 'powershell.exe';
  return {
    file,
    args: [...POWERSHELL_FLAGS, command],
    shell: kind,
    display: `${file} ${POWERSHELL_FLAGS.join(' ')} ${quoteForDisplay(command)}`,
  };
}

function noCommandFor(platform: NodeJS.Platform, wanted: string): { error: string } {
  return { error: `the handler has no command for ${platform}: set ${wanted}` };
}

function quoteForDisplay(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
