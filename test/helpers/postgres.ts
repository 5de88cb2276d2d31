// A throwaway PostgreSQL cluster for the tests: initdb in a temp folder, postgres on 127.0.0.1
// with a free port, stopped and removed at the end. As root (CI), initdb and postgres refuse to
// run, so they run as the `postgres` user (Debian's package creates it) or `nobody`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const READY_DEADLINE_MS = 30_000;
const POLL_MS = 100;

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(): Promise<void>;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The folder holding initdb and postgres: PATH first, then Debian's /usr/lib/postgresql/<ver>/bin. */
export function findPostgresBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, 'initdb')) && executable(join(dir, 'postgres'))) return dir;
  }
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = join('/usr/lib/postgresql', version, 'bin');
      if (executable(join(dir, 'initdb')) && executable(join(dir, 'postgres'))) return dir;
    }
  } catch {}
  return null;
}

/** Why PostgreSQL tests cannot run here, or null when they can. */
export function postgresUnavailable(): string | null {
  return findPostgresBin()
    ? null
    : "PostgreSQL is not installed (no initdb in PATH or /usr/lib/postgresql/*/bin); `.ci/run` installs Debian's postgresql package";
}

/** uid/gid to run as when we are root: postgres, else nobody. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const entry = passwd.find((line) => line.startsWith(`${name}:`));
    if (entry) {
      const [, , uid, gid] = entry.split(':');
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PgCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresUnavailable()!);
  const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-pg-'));
  const data = join(dir, 'data');
  const user = unprivilegedUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
    {
      ...as,
      stdio: 'pipe',
      cwd: dir,
    },
  );
  const port = await freePort();
  // Durability settings off: a test cluster is thrown away, and fsync on 2 shared cores is slow.
  const child: ChildProcess = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-h',
      '127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { ...as, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitReady(url, child, () => stderr);
  return {
    url,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT'); // fast shutdown
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitReady(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const { default: pg } = await import('pg');
  const deadline = Date.now() + READY_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}: ${stderr()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections: ${(error as Error).message}\n${stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
