// Entries of a hook folder that are not regular files, which anyone who can write the repository
// (a model, a tool) can make: a named pipe, a socket, a symbolic link loop. Discovery and reading
// must never wait on one, must report it, and must still load the folder's other files.
import { symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigGeneration } from '../../../src/config/generation/index.ts';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { readRegularFile } from '../../../src/config/read-regular-file.ts';
import { FileProbe } from '../../../src/config/trust/file-probe.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { fifo, releaseFifos } from '../../helpers/fifo.ts';
import { makeTree, writeFile } from '../../helpers/temp-dir.ts';

/** Longer than a healthy load takes on a loaded machine; a load that waits on a pipe never ends. */
const LOAD_DEADLINE_MS = 10_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  releaseFifos();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function withinDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not end within ${LOAD_DEADLINE_MS} ms`)),
      LOAD_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const GUARD = {
  version: 1,
  hooks: { preToolUse: [{ type: 'command', bash: 'echo guard', timeoutSec: 5 }] },
};

/** What a link to the missing `gone/x.json` is reported as (read-regular-file.ts). */
const DANGLING = 'it is a symbolic link to "gone/x.json", which does not exist, so it is not read';

function load(project: string): Promise<ConfigGeneration> {
  return withinDeadline(
    loadConfig({ profile: 'copilot-cli', cwd: project, noUser: true, copilotTrustFolder: true }),
    'loading the configuration',
  );
}

function unreadable(generation: ConfigGeneration): { file?: string; message: string }[] {
  return generation.diagnostics
    .filter((d) => d.code === 'CONFIG_FILE_UNREADABLE')
    .map((d) => ({ ...(d.file ? { file: d.file } : {}), message: d.message }));
}

describe.skipIf(process.platform === 'win32')('hook folder entries that are not regular files', () => {
  it('a named pipe is reported, not read, and the other files load', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    const pipe = fifo(path.join(project, '.github/hooks/z.json'));
    const generation = await load(project);
    expect(generation.handlers.map((h) => h.source.file)).toEqual([
      path.join(project, '.github/hooks/a.json'),
    ]);
    expect(unreadable(generation)).toEqual([
      {
        file: pipe,
        message: `cannot read ${pipe}: it is a named pipe (FIFO), not a regular file, so it is not read`,
      },
    ]);
    expect(generation.locations).toContainEqual(expect.objectContaining({ path: pipe, status: 'error' }));
  });

  it('a socket is reported, and the other files load', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    const socket = path.join(project, '.github/hooks/s.json');
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    cleanups.push(() => server.close());
    const generation = await load(project);
    expect(generation.handlers).toHaveLength(1);
    expect(unreadable(generation)).toEqual([
      {
        file: socket,
        message: `cannot read ${socket}: it is a socket, not a regular file, so it is not read`,
      },
    ]);
  });

  it('a symbolic link loop is reported on its own: the folder and its other files still load', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    const loop = path.join(project, '.github/hooks/loop.json');
    symlinkSync('loop.json', loop);
    const generation = await load(project);
    expect(generation.handlers).toHaveLength(1);
    const found = unreadable(generation);
    expect(found).toHaveLength(1);
    expect(found[0]?.file).toBe(loop);
    expect(found[0]?.message).toContain('ELOOP');
    // Only the entry is in error, not the folder.
    const errors = generation.locations.filter((report) => report.status === 'error');
    expect(errors.map((report) => report.path)).toEqual([loop]);
  });

  it('a dangling symbolic link is reported on its own, naming its target: the other files still load', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    const link = path.join(project, '.github/hooks/x.json');
    symlinkSync('gone/x.json', link);
    const generation = await load(project);
    expect(generation.handlers).toHaveLength(1);
    expect(unreadable(generation)).toEqual([{ file: link, message: `cannot read ${link}: ${DANGLING}` }]);
    const errors = generation.locations.filter((report) => report.status === 'error');
    expect(errors.map((report) => report.path)).toEqual([link]);
  });

  it('a dangling symbolic link where a settings file is looked for is reported too', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    writeFile(project, '.claude/.keep', '');
    const link = path.join(project, '.claude/settings.json');
    symlinkSync('../dotfiles/gone.json', link);
    const generation = await load(project);
    expect(generation.handlers).toHaveLength(1);
    expect(unreadable(generation)).toEqual([
      {
        file: link,
        message: `cannot read ${link}: it is a symbolic link to "../dotfiles/gone.json", which does not exist, so it is not read`,
      },
    ]);
  });

  it('validate, of the project and of a folder, and list give the dangling link a coded error (exit 1)', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    const link = path.join(project, '.github/hooks/x.json');
    symlinkSync('gone/x.json', link);
    for (const args of [
      ['validate', '--profile', 'copilot-cli', '--cwd', project, '--no-user', '--trust-folder'],
      ['validate', path.join(project, '.github/hooks'), '--no-user'],
    ]) {
      const run = await runCliInProcess(args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stdout).toContain(`error CONFIG_FILE_UNREADABLE cannot read ${link}: ${DANGLING}`);
    }
    const list = [
      'list',
      '--profile',
      'copilot-cli',
      '--cwd',
      project,
      '--no-user',
      '--trust-folder',
      '--json',
    ];
    const listed = await runCliInProcess(list);
    expect(listed.code).toBe(1);
    const json = JSON.parse(listed.stdout) as {
      diagnostics: { code: string; file?: string; message: string }[];
    };
    expect(json.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'CONFIG_FILE_UNREADABLE',
        file: link,
        message: `cannot read ${link}: ${DANGLING}`,
      }),
    );
  });

  it('a named pipe where a settings file is looked for is reported, not read', async () => {
    const project = makeTree({ '.github/hooks/a.json': GUARD }, 'special');
    writeFile(project, '.claude/.keep', '');
    const pipe = fifo(path.join(project, '.claude/settings.json'));
    const generation = await load(project);
    expect(generation.handlers).toHaveLength(1);
    expect(unreadable(generation)).toEqual([
      {
        file: pipe,
        message: `cannot read ${pipe}: it is a named pipe (FIFO), not a regular file, so it is not read`,
      },
    ]);
  });

  it('readRegularFile refuses a named pipe at once and reads a regular file', async () => {
    const project = makeTree({ 'a.json': '{}' }, 'special');
    await expect(
      withinDeadline(readRegularFile(fifo(path.join(project, 'p.json'))), 'reading'),
    ).rejects.toThrow('it is a named pipe (FIFO), not a regular file, so it is not read');
    expect(await readRegularFile(path.join(project, 'a.json'))).toBe('{}');
  });

  it('validate of a folder and the trust fingerprint skip a named pipe instead of waiting on it', async () => {
    const project = makeTree({ 'hooks/a.json': GUARD }, 'special');
    const pipe = fifo(path.join(project, 'hooks/z.json'));
    const run = await withinDeadline(
      runCliInProcess(['validate', path.join(project, 'hooks'), '--no-user']),
      'validate',
    );
    expect(run.stdout).toContain(`CONFIG_FILE_UNREADABLE`);
    expect(run.stdout).toContain(`cannot read ${pipe}: it is a named pipe (FIFO)`);
    // A hook's script swapped for a pipe: the fingerprint reads nothing from it, at once.
    expect(new FileProbe().read(pipe)).toBeNull();
    expect(new FileProbe().read(path.join(project, 'hooks/a.json'))?.length).toBeGreaterThan(0);
  });
});
