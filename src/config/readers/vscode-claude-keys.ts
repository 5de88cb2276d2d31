// Claude Code's command-handler keys (claude-code-hooks.md §4.1–§4.2, §4.7) that VS Code's command
// entries lack (other-agents-hooks.md §2.3; §2.4 step 4 `normalizeHookCommand` keeps command, the
// OS keys, cwd, env and timeout only). VS Code drops them without a word; the engine says so, and
// under the vscode profile runs the hook as VS Code does: the handler it builds carries none of them.
import type { EventName } from '../../model/event-name.ts';
import type { CONFIG_SHAPES } from '../generated/config-shapes.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import type { ReadContext } from './context.ts';

type ClaudeOnlyKey = Exclude<
  keyof (typeof CONFIG_SHAPES)['claude.command']['fields'],
  keyof (typeof CONFIG_SHAPES)['vscode.command']['fields']
>;

/** What VS Code does without the key, and the fix: the `expected` and the message of the warning. */
interface KeyNote {
  expected: string;
  message: string;
}

/** Why VS Code waits: its hook service runs every hook to its end (§2.5; §7.1 "Async / background": ❌). */
const BACKGROUND: KeyNote = {
  expected: 'no background keys (VS Code waits for every hook)',
  message: 'VS Code does not run hooks in the background: "{key}" is ignored and the hook is waited for',
};

/**
 * One note per Claude-only key; typed so that a key the Claude schema gains fails to compile until
 * it says what VS Code does instead. The engine's vscode runner does the same (resolve.ts `vscode`).
 */
const CLAUDE_ONLY_KEYS: Record<ClaudeOnlyKey, KeyNote> = {
  async: BACKGROUND,
  asyncRewake: BACKGROUND,
  // §2.5 `NodeHookExecutor.executeCommand`: spawn(command, [], {shell: true}).
  args: {
    expected: 'the arguments written into "command"',
    message:
      'VS Code has no exec form: "args" is ignored and "command" runs alone through /bin/sh (PowerShell on ' +
      'Windows) with none of these arguments, as the engine runs it under the vscode profile; ' +
      'write the arguments into "command", quoted for the shell',
  },
  shell: {
    expected: 'a command for /bin/sh, or the "windows" key for PowerShell',
    message:
      'VS Code picks no shell per hook: "shell" is ignored and the command runs through /bin/sh (Windows ' +
      'PowerShell 5.1 on Windows), as the engine runs it under the vscode profile; for bash, run ' +
      '`bash -c …` or a script with a #!/bin/bash line; for PowerShell, put the command in "windows"',
  },
  if: {
    expected: 'a filter in the script (VS Code has no "if")',
    message:
      'VS Code has no "if" filter (other-agents-hooks.md §7.1): it is ignored and the hook runs every time ' +
      'its event fires, whatever the tool, as the engine runs it under the vscode profile; filter in the ' +
      'script on tool_name and tool_input from its stdin',
  },
  once: {
    expected: 'no "once" (VS Code runs the hook every time)',
    message:
      'VS Code has no "once": it is ignored and the hook runs every time its event fires; to act once, ' +
      'have the script leave a marker file and exit 0 when it exists',
  },
  statusMessage: {
    expected: 'no "statusMessage" (VS Code shows no text while a hook runs)',
    message: 'VS Code shows no status text for a hook: "statusMessage" is ignored; remove it',
  },
  onFailure: {
    expected: 'exit 2 from the script to block',
    message:
      'VS Code has no "onFailure": it is ignored, and a hook that fails (an exit code other than 0 and 2, ' +
      "a timeout, a command that cannot start) is a non-blocking warning, as under the engine's vscode " +
      'profile (other-agents-hooks.md §2.5); to block, exit 2 from the script',
  },
};

const KEYS = Object.keys(CLAUDE_ONLY_KEYS) as ClaudeOnlyKey[];

/**
 * The entry without Claude's keys, each said as CONFIG_UNSUPPORTED_BY_HOST at the key. Left out of
 * the schema check, so that a flat entry gets no generic CONFIG_UNKNOWN_KEY for it too.
 */
export function withoutClaudeOnlyKeys(
  ctx: ReadContext,
  entry: Record<string, unknown>,
  path: PathSegment[],
  event: EventName,
): Record<string, unknown> {
  const found = KEYS.filter((key) => entry[key] !== undefined);
  if (found.length === 0) return entry;
  const rest = { ...entry };
  for (const key of found) {
    delete rest[key];
    const note = CLAUDE_ONLY_KEYS[key];
    ctx.report('CONFIG_UNSUPPORTED_BY_HOST', note.message.replace('{key}', key), [...path, key], {
      key: true,
      expected: note.expected,
      found: key,
      event,
    });
  }
  return rest;
}
