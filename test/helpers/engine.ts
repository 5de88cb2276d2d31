import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHookEngine, type HookEngine, type HookEngineOptions } from '../../src/index.ts';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const HOOK_SCRIPT = fileURLToPath(new URL('../fixtures/engine/hook.sh', import.meta.url));

/** An engine that reads only the given inline Claude settings (no discovery, no home directory). */
export async function engineWithClaudeHooks(
  hooks: Record<string, unknown>,
  options: HookEngineOptions = {},
): Promise<HookEngine> {
  return createHookEngine({
    discover: false,
    sessionId: 'test-session',
    sources: [{ file: 'inline-settings.json', kind: 'claude-settings', config: { hooks }, scope: 'project' }],
    ...options,
  });
}

/** One Claude matcher group running `command`, for `event`. */
export function group(command: string, extra: Record<string, unknown> = {}, matcher?: string): unknown[] {
  return [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, ...extra }] }];
}

/**
 * A Copilot CLI engine for a project folder as the host would run it there: the project's hook
 * files trusted, no user files, no machine policy.
 */
export function copilotEngineIn(project: string, options: HookEngineOptions = {}): Promise<HookEngine> {
  return createHookEngine({
    projectDir: project,
    profile: 'copilot-cli',
    noUser: true,
    copilotTrustFolder: true,
    copilotPolicyDir: join(project, 'no-policy'),
    ...options,
  });
}
