import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EventName } from '../../model/event-name.ts';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import { CliUsageError } from '../usage-error.ts';

/** One hook a template registers, in Claude Code's terms; the writer converts it per host. */
export interface TemplateHook {
  event: EventName;
  /** Claude Code matcher (tool names such as `Bash`); converted for Copilot, ignored by VS Code. */
  matcher?: string;
  timeoutSec: number;
}

/**
 * A ready-made hook: a Node script in examples/templates/ (shipped in the package) that reads every
 * host's payload and answers in its format, and a scenario file that `agent-hooks test` runs.
 */
export interface HookTemplate {
  name: string;
  summary: string;
  /** The hosts whose events and outputs the script handles. */
  hosts: readonly ProfileName[];
  hooks: readonly TemplateHook[];
  /** Why the hosts left out cannot run it. */
  unsupported?: string;
}

/** A shell guard's answer comes fast; a formatter or a test run needs longer (seconds). */
const GUARD_TIMEOUT_SEC = 10;
const FORMAT_TIMEOUT_SEC = 30;
/** The script stops the tests at 280 s, so it can still answer within this. */
const TESTS_TIMEOUT_SEC = 300;

export const TEMPLATES: readonly HookTemplate[] = [
  {
    name: 'block-dangerous',
    summary: 'deny destructive shell commands (rm -rf /, git push --force, curl | sh, …)',
    hosts: PROFILE_NAMES,
    hooks: [
      {
        event: 'PreToolUse',
        matcher: 'Bash',
        timeoutSec: GUARD_TIMEOUT_SEC,
      },
    ],
  },
  {
    name: 'protect-secrets',
    summary: 'deny reading or writing .env files, private keys and credentials',
    hosts: PROFILE_NAMES,
    hooks: [
      {
        event: 'PreToolUse',
        matcher: 'Read|Write|Edit|MultiEdit|Bash|Grep',
        timeoutSec: GUARD_TIMEOUT_SEC,
      },
    ],
  },
  {
    name: 'format-after-edit',
    summary: 'format each file the agent writes (Prettier, Biome, gofmt, rustfmt, ruff, or $FORMAT_COMMAND)',
    hosts: PROFILE_NAMES,
    hooks: [
      {
        event: 'PostToolUse',
        matcher: 'Write|Edit|MultiEdit',
        timeoutSec: FORMAT_TIMEOUT_SEC,
      },
    ],
  },
  {
    name: 'test-before-stop',
    summary: 'run the tests when the agent wants to finish; send it back while they fail',
    hosts: PROFILE_NAMES,
    hooks: [{ event: 'Stop', timeoutSec: TESTS_TIMEOUT_SEC }],
  },
  {
    name: 'log-tool-calls',
    summary: 'append every tool call to .agent-hooks/tool-calls.jsonl (JSON lines)',
    hosts: PROFILE_NAMES,
    hooks: [{ event: 'PreToolUse', timeoutSec: GUARD_TIMEOUT_SEC }],
  },
  {
    name: 'notify-permission',
    summary: 'a desktop notification when the agent waits for your approval',
    hosts: ['claude-code', 'copilot-cli'],
    unsupported: 'VS Code has no Notification event (other-agents-hooks.md §2.4)',
    hooks: [
      {
        event: 'Notification',
        matcher: 'permission_prompt',
        timeoutSec: GUARD_TIMEOUT_SEC,
      },
    ],
  },
  {
    name: 'session-context',
    summary:
      'tell the agent the git branch, last commits, changes and .agent-hooks/context.md at session start',
    hosts: PROFILE_NAMES,
    hooks: [{ event: 'SessionStart', timeoutSec: GUARD_TIMEOUT_SEC }],
  },
];

/**
 * examples/templates/ beside the nearest package.json above this code: `src/cli/init/` under tsx,
 * `dist/cli/init/`, or the bundled bin's chunk in `dist/bin/` (scripts/bundle-cli.mjs), each a
 * different depth. Looked up when a template is installed, never at import.
 */
function templatesDir(): string {
  for (let dir = new URL('./', import.meta.url); dir.pathname !== '/'; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return fileURLToPath(new URL('examples/templates/', dir));
  }
  throw new Error(`no package.json above ${import.meta.url}: the init templates are missing`);
}

export function templateScriptPath(template: HookTemplate): string {
  return `${templatesDir()}${template.name}.mjs`;
}

export function templateScenarioPath(template: HookTemplate): string {
  return `${templatesDir()}${template.name}.hooks.test.yaml`;
}

/** The template of that name, or an error that lists the names. */
export function findTemplate(name: string): HookTemplate {
  const found = TEMPLATES.find((template) => template.name === name);
  if (found) return found;
  throw new CliUsageError(
    `unknown template "${name}"; the templates are ${TEMPLATES.map((t) => t.name).join(', ')} (agent-hooks init --list)`,
  );
}
