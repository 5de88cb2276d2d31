// `agent-hooks init` on a terminal: the configure-hooks flow of VS Code, as prompts. Loaded only
// when a person is at a terminal, so @clack/prompts is never imported by scripted runs.
import * as prompts from '@clack/prompts';
import { EVENTS } from '../../events/catalogue.ts';
import { eventKeyFor } from '../../events/dialect-names.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import { commandHook } from '../commands/add.ts';
import { DRY_RUN_DONE } from '../write/dry-run.ts';
import { applyInstall, checkInstall } from './apply-install.ts';
import { destinationFor, type Scope } from './destination.ts';
import { detectHost } from './detect-host.ts';
import { templateFiles, templateHooks } from './from-template.ts';
import { describeInstall, type InstallPlan, planInstall } from './install.ts';
import { placesOf, type WhereOptions } from './options.ts';
import { programWarnings } from './program-warnings.ts';
import { InitRefused } from './refused.ts';
import { findTemplate, TEMPLATES } from './templates.ts';

const HOST_LABELS: Record<ProfileName, string> = {
  'claude-code': 'Claude Code',
  'copilot-cli': 'Copilot CLI',
  vscode: 'VS Code (agent hooks)',
};
const HOST_DIALECT: Record<ProfileName, Dialect> = {
  'claude-code': 'claude',
  'copilot-cli': 'copilot',
  vscode: 'vscode',
};
const SCOPE_HINTS: Record<Scope, string> = {
  project: 'shared with the team, committed',
  local: 'this checkout only, not committed',
  user: 'every project on this machine',
};
const OWN_COMMAND = '(your own command)';

class Cancelled extends Error {}

/** The answer, or a Cancelled error when the person pressed Ctrl-C or Escape. */
function answered<T>(value: T): Exclude<T, symbol> {
  if (prompts.isCancel(value)) throw new Cancelled();
  return value as Exclude<T, symbol>;
}

async function pickHost(options: WhereOptions, projectDir: string): Promise<ProfileName> {
  if (options.host) return options.host;
  const found = detectHost(projectDir, process.env);
  return answered(
    await prompts.select<ProfileName>({
      message: 'Which agent runs the hooks?',
      initialValue: found.host,
      options: PROFILE_NAMES.map((host) => ({
        value: host,
        label: HOST_LABELS[host],
        ...(host === found.host ? { hint: found.why } : {}),
      })),
    }),
  );
}

async function pickTemplate(host: ProfileName, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const usable = TEMPLATES.filter((t) => t.hosts.includes(host));
  return answered(
    await prompts.select<string>({
      message: 'What should the hook do?',
      options: [
        ...usable.map((t) => ({ value: t.name, label: t.name, hint: t.summary })),
        { value: OWN_COMMAND, label: OWN_COMMAND, hint: 'run a command or script you have' },
      ],
    }),
  );
}

async function pickScope(host: ProfileName, options: WhereOptions): Promise<Scope> {
  if (host === 'vscode' || options.scope !== 'project') return options.scope;
  return answered(
    await prompts.select<Scope>({
      message: 'Which file?',
      options: (['project', 'local', 'user'] as const).map((scope) => ({
        value: scope,
        label: scope,
        hint: SCOPE_HINTS[scope],
      })),
    }),
  );
}

/** Event, matcher and command of a hook the person brings. */
async function ownHook(host: ProfileName): Promise<Record<string, unknown[]>> {
  const events = EVENTS.filter((spec) => eventKeyFor(spec.name, HOST_DIALECT[host]) !== undefined);
  const event = answered(
    await prompts.autocomplete<string>({
      message: 'Which event? (type to filter)',
      // The host's own spelling (agentStop for Copilot CLI), so what a person knows filters the list.
      options: events.map((spec) => ({
        value: spec.name,
        label: eventKeyFor(spec.name, HOST_DIALECT[host]) ?? spec.name,
        hint: spec.summary,
      })),
      initialValue: 'PreToolUse',
    }),
  ) as EventName;
  const field = events.find((spec) => spec.name === event)?.matcher.field;
  const matcher = field
    ? answered(await prompts.text({ message: `Matcher on ${field} (empty: every one)`, placeholder: 'Bash' }))
    : '';
  const command = answered(
    await prompts.text({
      message: 'Command to run',
      placeholder: './hooks/guard.sh',
      validate: (value) => (value?.trim() ? undefined : 'the host needs a command to run'),
    }),
  );
  return commandHook(event, command, { matcher: matcher?.trim() || undefined });
}

async function plan(options: WhereOptions & { template?: string }): Promise<InstallPlan> {
  const places = placesOf(options, process.env);
  const host = await pickHost(options, places.projectDir);
  const choice = await pickTemplate(host, options.template);
  const scope = await pickScope(host, options);
  const install = { force: options.force, copilotKeys: 'camel' as const, reportLossy: false };
  if (choice === OWN_COMMAND) {
    const hooks = await ownHook(host);
    const own = planInstall(destinationFor(host, scope, places, 'hooks'), hooks, [], {
      ...install,
      reportLossy: true,
    });
    own.config.warnings.push(...programWarnings(own, places));
    return own;
  }
  const template = findTemplate(choice);
  const destination = destinationFor(host, scope, places, template.name);
  const { command, files } = templateFiles(template, destination, places.projectDir, scope === 'user');
  return planInstall(destination, templateHooks(template, command), files, install);
}

/** Asks for every choice the options left open, shows the exact diff, writes after a yes. */
export async function initOnTerminal(
  options: WhereOptions & { template?: string },
  io: CliIo,
): Promise<number> {
  prompts.intro('agent-hooks init');
  try {
    const planned = await plan(options);
    const described = describeInstall(planned, placesOf(options, process.env).projectDir);
    if (described.notes !== '') io.stderr(described.notes);
    io.stdout(described.report);
    if (options.dryRun) {
      checkInstall(planned); // Every check of the write, so that a dry run that passes predicts one that does.
      prompts.outro(DRY_RUN_DONE.trimEnd());
      return 0;
    }
    if (!answered(await prompts.confirm({ message: 'Write these files?', initialValue: true }))) {
      prompts.outro('Nothing written.');
      return 1;
    }
    applyInstall(planned);
    const scenario = planned.files.find((file) => file.file.endsWith('.hooks.test.yaml'));
    prompts.outro(scenario ? `Written. Try the hook: agent-hooks test ${scenario.file}` : 'Written.');
    return 0;
  } catch (error) {
    if (error instanceof Cancelled) {
      prompts.cancel('Cancelled: nothing written.');
      return 1;
    }
    if (error instanceof InitRefused) {
      prompts.cancel(error.message);
      return 1;
    }
    throw error;
  }
}
