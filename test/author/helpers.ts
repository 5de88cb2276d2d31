import { fileURLToPath } from 'node:url';
import {
  createHookEngine,
  EVENT_BY_NAME,
  type EventName,
  type HookEngine,
  type InlineSource,
  type ProfileName,
} from '../../src/index.ts';

/** Fixture hooks written with the author SDK; they import `agent-hooks/author` (the built dist). */
export const AUTHOR_FIXTURES = fileURLToPath(new URL('../fixtures/author/', import.meta.url));

export function fixtureCommand(script: string): string {
  return `'${process.execPath}' '${AUTHOR_FIXTURES}${script}'`;
}

/** How a host's configuration names the hook: the three profiles, and Copilot's PascalCase keys. */
export type Variant = 'claude-code' | 'copilot-cli' | 'copilot-compat' | 'vscode';

export const VARIANTS: readonly Variant[] = ['claude-code', 'copilot-cli', 'copilot-compat', 'vscode'];

/** Seconds: the engine's own timeout, far above any answer a fixture gives. */
const HOOK_TIMEOUT_SEC = 60;

/**
 * One hook for `event` in the configuration format of `variant`. Copilot CLI sets `COPILOT_CLI=1`
 * for every hook it runs (copilot-cli-observed.md), and so does the engine's copilot-cli profile.
 */
export function sourceFor(
  variant: Variant,
  event: EventName,
  command: string,
  options: { env?: Record<string, string> } = {},
): InlineSource {
  const { dialects } = EVENT_BY_NAME[event];
  const env = options.env ?? {};
  if (variant === 'claude-code') {
    const hooks = {
      [event]: [{ hooks: [{ type: 'command', command: withEnv(env, command), timeout: HOOK_TIMEOUT_SEC }] }],
    };
    return { file: 'settings.json', kind: 'claude-settings', config: { hooks }, scope: 'project' };
  }
  if (variant === 'vscode') {
    const hooks = {
      [dialects.vscode ?? event]: [{ type: 'command', command, env, timeout: HOOK_TIMEOUT_SEC }],
    };
    return { file: '.github/hooks/hooks.json', kind: 'vscode-hooks', config: { hooks }, scope: 'project' };
  }
  const key = variant === 'copilot-compat' ? dialects.copilotCompat : dialects.copilot;
  const entry = {
    type: 'command',
    bash: command,
    env,
    timeoutSec: HOOK_TIMEOUT_SEC,
  };
  return {
    file: '.github/hooks/hooks.json',
    kind: 'copilot-hooks-file',
    config: { version: 1, hooks: { [key ?? event]: [entry] } },
    scope: 'project',
  };
}

function withEnv(env: Record<string, string>, command: string): string {
  const assignments = Object.entries(env).map(([name, value]) => `${name}='${value}'`);
  return [...assignments, command].join(' ');
}

export function profileOf(variant: Variant): ProfileName {
  return variant === 'copilot-compat' ? 'copilot-cli' : variant;
}

export function engineFor(
  variant: Variant,
  sources: InlineSource[],
  interactive = false,
): Promise<HookEngine> {
  return createHookEngine({
    discover: false,
    profile: profileOf(variant),
    sessionId: 'author-session',
    cwd: AUTHOR_FIXTURES,
    interactive,
    sources,
  });
}
