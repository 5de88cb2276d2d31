import { splitWords } from '../config/trust/script-refs.ts';
import type { CommandHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { resolveHookCwd } from '../runners/command/environment.ts';
import { resolveCommand, type ShellKind } from '../runners/command/resolve.ts';

/** A command handler as the host would start it on this platform, with its text split in words. */
export interface CommandLine {
  /** The shell that reads `text`; null for exec form (no shell). */
  shell: ShellKind | null;
  /** The shell string, or the exec form's words joined (for messages). */
  text: string;
  /** The words of the first simple command, host variables expanded. */
  words: string[];
  /** Where relative paths start. */
  cwd: string;
}

/** Words that assign or wrap and are not the program itself (`FOO=1 exec ./x.sh`). */
const PREFIX_WORDS = new Set(['exec', 'command', 'nohup', 'time']);

/** Expands the directories hooks are given (claude-code-hooks.md §6.5); the plugin root only for plugin hooks. */
export function expandHostDirs(text: string, projectDir: string, pluginRoot: string | undefined): string {
  return text
    .replace(/\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b/g, projectDir)
    .replace(/\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT\b/g, pluginRoot ?? '');
}

/** Splits at the first shell operator, so only the first simple command's words remain. */
function firstSimpleCommand(text: string): string {
  const cut = text.search(/&&|\|\||[;|&\n]/);
  return cut < 0 ? text : text.slice(0, cut);
}

/** How the host starts this command handler here, or undefined when it has no command for the platform. */
export function commandLine(
  handler: CommandHandler,
  profile: ProfileName,
  projectDir: string,
  platform: NodeJS.Platform,
): CommandLine | undefined {
  const resolved = resolveCommand(handler.spec, {
    dialect: handler.dialect,
    platform,
    substitutions: {},
    host: profile,
  });
  if ('error' in resolved) return undefined;
  const pluginRoot = handler.source.pluginRoot;
  const cwd = resolveHookCwd(handler.spec.cwd, projectDir);
  if (resolved.shell === null) {
    const words = [resolved.file, ...resolved.args].map((w) => expandHostDirs(w, projectDir, pluginRoot));
    return { shell: null, text: resolved.display, words, cwd };
  }
  const text = resolved.args.at(-1) ?? '';
  const first = splitWords(firstSimpleCommand(expandHostDirs(text, projectDir, pluginRoot)));
  while (
    first.length > 0 &&
    (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first[0] ?? '') || PREFIX_WORDS.has(first[0] ?? ''))
  )
    first.shift();
  return { shell: resolved.shell, text, words: first, cwd };
}
