// A skill folder (.claude/skills/NAME) or an agent file that is a symbolic link to nothing is
// reported like every other dangling link of a hook location (read-regular-file.ts,
// DanglingLinkError), never passed over: the neighbouring skills and agents still load.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ConfigGeneration, loadConfig } from '../../../src/config/generation/index.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { makeTree } from '../../helpers/temp-dir.ts';

/** A SKILL.md / agent file whose frontmatter has one Stop hook running `echo NAME`. */
function frontmatter(name: string): string {
  return `---\nname: ${name}\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo ${name}\n---\n`;
}

/** What a link to `target` is reported as, with the other dangling links' wording. */
function dangling(link: string, target: string): string {
  return `cannot read ${link}: it is a symbolic link to "${target}", which does not exist, so it is not read`;
}

function unreadable(generation: ConfigGeneration): { file?: string; message: string }[] {
  return generation.diagnostics
    .filter((d) => d.code === 'CONFIG_FILE_UNREADABLE')
    .map((d) => ({ ...(d.file ? { file: d.file } : {}), message: d.message }));
}

function commands(generation: ConfigGeneration): string[] {
  return generation.handlers.map((h) => (h.type === 'command' ? String(h.spec.command) : h.type));
}

/** A project with a good skill and agent, a skill folder linked to nothing, and its `link`. */
function project(): { dir: string; link: string } {
  const dir = makeTree(
    {
      '.claude/skills/fmt/SKILL.md': frontmatter('fmt'),
      '.claude/agents/reviewer.md': frontmatter('reviewer'),
    },
    'dangling-skill',
  );
  const link = path.join(dir, '.claude/skills/shared');
  symlinkSync('../../vendor/skills/shared', link);
  return { dir, link };
}

describe.skipIf(process.platform === 'win32')(
  'a skill folder or agent file that is a link to nothing',
  () => {
    it('is reported at the folder, with the dangling-link wording, and the other skill still loads', async () => {
      const { dir, link } = project();
      const generation = await loadConfig({ profile: 'claude-code', cwd: dir, noUser: true });
      expect(unreadable(generation)).toEqual([
        { file: link, message: dangling(link, '../../vendor/skills/shared') },
      ]);
      expect(commands(generation)).toEqual(expect.arrayContaining(['echo fmt', 'echo reviewer']));
      const errors = generation.locations.filter((report) => report.status === 'error');
      expect(errors.map((report) => report.path)).toEqual([link]);
    });

    it('a dangling agent file is reported the same way, its neighbours loaded', async () => {
      const { dir } = project();
      const agent = path.join(dir, '.claude/agents/gone.md');
      symlinkSync('../../vendor/gone.md', agent);
      const generation = await loadConfig({ profile: 'claude-code', cwd: dir, noUser: true });
      expect(unreadable(generation)).toContainEqual({
        file: agent,
        message: dangling(agent, '../../vendor/gone.md'),
      });
      expect(commands(generation)).toEqual(expect.arrayContaining(['echo fmt', 'echo reviewer']));
    });

    it('validate and list give the dangling skill folder its coded error (exit 1)', async () => {
      const { dir, link } = project();
      const validate = await runCliInProcess([
        'validate',
        '--profile',
        'claude-code',
        '--cwd',
        dir,
        '--no-user',
      ]);
      expect(validate.code).toBe(1);
      expect(validate.stdout).toContain(
        `error CONFIG_FILE_UNREADABLE ${dangling(link, '../../vendor/skills/shared')}`,
      );
      const listed = await runCliInProcess([
        'list',
        '--profile',
        'claude-code',
        '--cwd',
        dir,
        '--no-user',
        '--json',
      ]);
      expect(listed.code).toBe(1);
      const json = JSON.parse(listed.stdout) as {
        diagnostics: { code: string; file?: string; message: string }[];
        handlers: { target: string }[];
      };
      expect(json.diagnostics).toContainEqual(
        expect.objectContaining({
          code: 'CONFIG_FILE_UNREADABLE',
          file: link,
          message: dangling(link, '../../vendor/skills/shared'),
        }),
      );
      expect(json.handlers.map((h) => h.target)).toEqual(expect.arrayContaining(['echo fmt']));
    });
  },
);
