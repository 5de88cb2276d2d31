import type { NormalizedHandler } from '../../model/handler.ts';
import type { LossyLog } from './lossy.ts';
import type { ConvertTarget } from './targets.ts';

/**
 * The host variables each target sets for a command hook: Claude Code (claude-code-hooks.md
 * §6.5; plugin hooks also get CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA), Copilot CLI
 * (copilot-cli-observed.md "How hooks are started": it also sets CLAUDE_PROJECT_DIR), VS Code as
 * the engine's vscode profile runs hooks (runners/command/environment.ts).
 */
const SET_BY: Readonly<Record<ConvertTarget, ReadonlySet<string>>> = {
  claude: new Set([
    'CLAUDECODE',
    'CLAUDE_PROJECT_DIR',
    'CLAUDE_CODE_SESSION_ID',
    'CLAUDE_ENV_FILE',
    'CLAUDE_PLUGIN_ROOT',
    'CLAUDE_PLUGIN_DATA',
  ]),
  copilot: new Set([
    'COPILOT_CLI',
    'COPILOT_PROJECT_DIR',
    'COPILOT_HOOK_DIR',
    'COPILOT_CLI_BINARY_VERSION',
    'CLAUDE_PROJECT_DIR',
  ]),
  vscode: new Set(['CLAUDECODE', 'CLAUDE_PROJECT_DIR', 'CLAUDE_CODE_SESSION_ID']),
};

const HOST_VARIABLE = /\$\{?((?:CLAUDE|COPILOT)[A-Z0-9_]*)\}?/g;

function commandText(handler: NormalizedHandler): string {
  if (handler.type !== 'command') return '';
  const spec = handler.spec;
  return [spec.command, spec.bash, spec.linux, spec.osx, spec.powershell, spec.windows, ...(spec.args ?? [])]
    .filter((text) => text !== undefined)
    .join('\n');
}

/**
 * A host variable the target does not set expands to nothing there: `"$CLAUDE_PLUGIN_ROOT"/guard.sh`
 * becomes `/guard.sh`, the hook fails to start, and a failed hook does not block. A lossy step.
 */
export function logMissingHostVariables(
  handlers: readonly NormalizedHandler[],
  to: ConvertTarget,
  log: LossyLog,
): void {
  for (const handler of handlers) {
    const names = new Set(
      [...commandText(handler).matchAll(HOST_VARIABLE)].map((match) => match[1] as string),
    );
    for (const name of names) {
      if (SET_BY[to].has(name)) continue;
      log.add(
        handler,
        undefined,
        `$${name} is not set by the ${to} host: the command gets an empty value there (a script path that fails to start does not block)`,
      );
    }
  }
}
