import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
/** The README's CLI section: from "## CLI" to the next second-level heading. */
const CLI_SECTION = README.slice(
  README.indexOf('\n## CLI\n'),
  README.indexOf('\n## ', README.indexOf('\n## CLI\n') + 1),
);

/** Names listed under "Commands:" in a commander help text (without `help`). */
function commandsOf(help: string): string[] {
  const section = help.split(/^Commands:\n/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((m) => m[1] as string)
    .filter((name) => name !== 'help');
}

/** Long options under "Options:" in a commander help text (without `--help`). */
function optionsOf(help: string): string[] {
  const section = (help.split(/^Options:\n/m)[1] ?? '').split(/^Commands:\n/m)[0] ?? '';
  const options = [...section.matchAll(/^ {2}(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1] as string);
  return options.filter((option) => option !== '--help');
}

async function help(args: string[]): Promise<string> {
  const run = await runCliInProcess([...args, '--help']);
  expect(run.code, `${args.join(' ')} --help`).toBe(0);
  return run.stdout;
}

/** Every command path (`run`, `token create`, …) with its long options, read from --help. */
async function cliSurface(): Promise<Map<string, string[]>> {
  const surface = new Map<string, string[]>();
  const visit = async (path: string[]): Promise<void> => {
    const text = await help(path);
    if (path.length > 0) surface.set(path.join(' '), optionsOf(text));
    for (const sub of commandsOf(text)) await visit([...path, sub]);
  };
  await visit([]);
  return surface;
}

/**
 * The README text that documents `command`: its table row, the list item and paragraphs that name
 * it (`` `run` ``, `` `token create` ``, `agent-hooks run`), and the common options paragraph.
 */
function docsOf(command: string): string {
  const [top] = command.split(' ');
  const blocks = CLI_SECTION.split(/\n(?=\n|- |\| )/);
  return blocks
    .filter(
      (block) =>
        block.includes(`agent-hooks ${top}`) ||
        block.includes(`\`${top}\``) ||
        block.includes(`\`${command}\``) ||
        block.trimStart().startsWith('Common options'),
    )
    .join('\n');
}

// Issue 14, "Done when": the README documents every command and option the CLI has, and --help
// and the README agree (in both directions).
describe('README and --help agree', () => {
  it('every command and subcommand of --help has a row in the README command table', async () => {
    const surface = await cliSurface();
    expect(surface.size).toBeGreaterThan(10);
    const missing = [...surface.keys()].filter((command) => {
      const [top, sub] = command.split(' ');
      const row = CLI_SECTION.split('\n').find((line) => line.startsWith(`| \`agent-hooks ${top}`));
      return row === undefined || (sub !== undefined && !row.includes(sub));
    });
    expect(missing).toEqual([]);
  });

  it('every option of every command is documented where the README describes that command', async () => {
    const undocumented: string[] = [];
    for (const [command, options] of await cliSurface()) {
      const docs = docsOf(command);
      for (const option of options) {
        if (!new RegExp(`${option}(?![a-z-])`).test(docs)) undocumented.push(`${command} ${option}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('every option the README CLI section names exists on some command', async () => {
    const all = new Set([...(await cliSurface()).values()].flat());
    all.add('--version');
    all.add('--help');
    const named = [...new Set([...CLI_SECTION.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]))];
    expect(named.filter((option) => !all.has(option))).toEqual([]);
  });
});
