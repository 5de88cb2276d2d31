import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Destination } from './destination.ts';
import type { ExtraFile } from './install.ts';
import { InitRefused } from './refused.ts';
import { type HookTemplate, templateScenarioPath, templateScriptPath } from './templates.ts';

const HOST_NAMES = { 'claude-code': 'Claude Code', 'copilot-cli': 'Copilot CLI', vscode: 'VS Code' } as const;

/** Where a scenario file points `agent-hooks test` (docs/init.md, scenario format). */
const SCENARIO_SCHEMA = 'https://unpkg.com/agent-hooks/schema/scenario.schema.json';

/** The template's hooks in Claude Code's settings shape, each running the installed script. */
export function templateHooks(template: HookTemplate, command: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const hook of template.hooks) {
    const handler = { type: 'command', command, timeout: hook.timeoutSec };
    const group =
      hook.matcher === undefined ? { hooks: [handler] } : { matcher: hook.matcher, hooks: [handler] };
    hooks[hook.event] = [...(hooks[hook.event] ?? []), group];
  }
  return hooks;
}

/**
 * The scenario file written beside the script: the template's cases, run under the host the
 * hooks were written for, against the project (or the user's files for user-level hooks).
 */
function scenarioText(
  template: HookTemplate,
  to: Destination,
  projectDir: string,
  userLevel: boolean,
): string {
  const cases = readFileSync(templateScenarioPath(template), 'utf8');
  const relative = path.relative(to.scriptDir, projectDir).split(path.sep).join('/') || '.';
  const where = userLevel
    ? 'user: true                # the hooks are user-level; load them from your home directory'
    : `cwd: ${relative}${' '.repeat(Math.max(1, 24 - relative.length))}# the project, relative to this file`;
  return [
    `# yaml-language-server: $schema=${SCENARIO_SCHEMA}`,
    `# Scenarios for the "${template.name}" hook that agent-hooks init wrote; run them with: agent-hooks test`,
    `profile: ${to.host}`,
    where,
    cases,
  ].join('\n');
}

/** The script and scenario files of a template at `to`, and the command that runs the script. */
export function templateFiles(
  template: HookTemplate,
  to: Destination,
  projectDir: string,
  userLevel: boolean,
): { command: string; files: ExtraFile[] } {
  if (!template.hosts.includes(to.host)) {
    throw new InitRefused(
      'INIT_HOST_UNSUPPORTED',
      `the ${template.name} template does not work under ${HOST_NAMES[to.host]}: ${template.unsupported ?? 'unsupported'}; it supports ${template.hosts.map((h) => HOST_NAMES[h]).join(' and ')}`,
    );
  }
  const script = path.join(to.scriptDir, `${template.name}.mjs`);
  return {
    command: to.commandFor(script),
    files: [
      { file: script, text: readFileSync(templateScriptPath(template), 'utf8'), executable: true },
      {
        file: path.join(to.scriptDir, `${template.name}.hooks.test.yaml`),
        text: scenarioText(template, to, projectDir, userLevel),
        executable: false,
      },
    ],
  };
}
