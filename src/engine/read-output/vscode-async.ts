// VS Code runs no hook in the background (other-agents-hooks.md §2.5: its hook service waits for
// every hook; §7.1 "Async / background": ❌): what it makes of Claude's async form. Kept apart from
// vscode-output.ts, which loads the zod wire schemas: the exit-code reader imports this module on
// the cold path.
import { firstLine, parseStdout } from './parse-stdout.ts';

/** What a hook that wants to do slow work under VS Code does instead of going async. */
const VSCODE_ASYNC_FIX =
  'to keep slow work from holding the agent up, start it in the background from the script (e.g. `cmd &`) and exit';

/** Why VS Code reads no async form: its hook service waits for every hook (§2.5; §7.1 "Async / background": ❌). */
const VSCODE_WAITS =
  'VS Code does not run hooks in the background (other-agents-hooks.md §2.5, §7.1), so the hook was waited for';

/** The async fields (claude-code-hooks.md §3.2) of an output VS Code reads without them. */
const ASYNC_FIELDS = ['async', 'asyncTimeout'] as const;

/** §2.5: a VS Code-dialect output's `async`/`asyncTimeout` are not read; undefined when it has none. */
export function vscodeAsyncIgnored(unknown: Record<string, unknown>): string | undefined {
  const found = ASYNC_FIELDS.filter((field) => unknown[field] !== undefined);
  if (found.length === 0) return undefined;
  const fields = found.map((field) => `"${field}"`).join(' and ');
  return `ignored ${fields}: ${VSCODE_WAITS} and its output read in full; ${VSCODE_ASYNC_FIX}`;
}

/**
 * A stdout that is not one JSON object but starts with Claude's `{"async":true}` line: VS Code
 * parses the whole stdout once (§2.5 `NodeHookExecutor`), so it is plain text there. Undefined
 * when the first line is no such marker.
 */
export function vscodeAsyncFirstLine(text: string): string | undefined {
  const marker = parseStdout(firstLine(text)).json;
  if (marker?.async !== true) return undefined;
  return (
    `ignored the first line {"async": true}: ${VSCODE_WAITS} to its end and its whole stdout, ` +
    `not one JSON object, is read as plain text; ${VSCODE_ASYNC_FIX}`
  );
}
