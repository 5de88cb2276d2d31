import type { Command } from 'commander';
import type { CliIo } from '../cli-io.ts';
import type { Said } from '../failure-json.ts';
import { templateFiles, templateHooks } from '../init/from-template.ts';
import { planInstall } from '../init/install.ts';
import { addWhereOptions, placesOf, resolveDestination, type WhereOptions } from '../init/options.ts';
import { installSaid, writeAndReport } from '../init/report.ts';
import { findTemplate, TEMPLATES } from '../init/templates.ts';
import { CliUsageError } from '../usage-error.ts';
import { reportingFailure } from '../write/write-json.ts';

interface InitOptions extends WhereOptions {
  template?: string;
  yes: boolean;
  list: boolean;
}

function listTemplates(io: CliIo): void {
  for (const template of TEMPLATES) {
    const hosts = template.hosts.join(', ');
    io.stdout(`${template.name.padEnd(20)} ${template.summary}\n${' '.repeat(21)}hosts: ${hosts}\n`);
  }
}

/**
 * `init` without a terminal (or with --yes): every choice from the options or its default. Under
 * --json a failure is still one document, with the notes and warnings said before it.
 */
async function initFromOptions(options: InitOptions, io: CliIo): Promise<void> {
  let said: Said = { notes: [], warnings: [] };
  await reportingFailure(
    io,
    options.json,
    () => said,
    () => {
      if (options.template === undefined) {
        throw new CliUsageError(
          'init needs --template NAME when it cannot ask (no terminal, or --yes); agent-hooks init --list shows the templates, agent-hooks add writes your own command',
        );
      }
      const template = findTemplate(options.template);
      const places = placesOf(options, process.env);
      const { destination, detected } = resolveDestination(options, places, template.name);
      const notes = detected ? [detected] : [];
      said = { notes, warnings: [] };
      const scope = options.scope === 'user';
      const { command, files } = templateFiles(template, destination, places.projectDir, scope);
      const plan = planInstall(destination, templateHooks(template, command), files, {
        force: options.force,
        copilotKeys: 'camel',
        reportLossy: false,
      });
      said = installSaid(plan, notes);
      writeAndReport(plan, options, io, notes);
    },
  );
}

export function registerInitCommand(program: Command, io: CliIo): void {
  addWhereOptions(
    program
      .command('init')
      .description(
        'set up hooks from a template (script, scenario file and configuration), asking on a terminal',
      )
      .option('--template <name>', 'the template to install (--list shows them)')
      .option('--list', 'list the templates and the hosts each supports', false)
      .option('-y, --yes', 'ask nothing: detected host, project scope, write', false),
  ).action(async (options: InitOptions) => {
    if (options.list) {
      listTemplates(io);
      return;
    }
    if (io.stdinIsTTY && !options.yes && !options.json) {
      const { initOnTerminal } = await import('../init/interactive.ts');
      io.setExitCode(await initOnTerminal(options, io));
      return;
    }
    await initFromOptions(options, io);
  });
}
