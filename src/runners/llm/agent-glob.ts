import { readdir, realpath, stat } from 'node:fs';
import { realpath as realpathAsync } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type FsScope, isInside, resolveInScope } from './agent-fs.ts';

/** Directory entries one listing may read before it stops: a huge tree costs at most this much. */
export const GLOB_MAX_ENTRIES = 50_000;
/** How long one listing may crawl, under the hook's own deadline. */
export const GLOB_TIME_LIMIT_MS = 10_000;
/**
 * File-system calls one listing has in flight at once. The crawler would otherwise queue one per
 * directory and symlink it finds, thousands of them, on libuv's few threads, which every other
 * hook of the process needs too, and which no abort can take back.
 */
const GLOB_FS_CONCURRENCY = 4;
const IGNORED_DIRS = ['**/node_modules/**', '**/.git/**'];

export interface Listing {
  /** Real-path-checked files inside the project, sorted. */
  files: string[];
  /** Why the crawl stopped early, if it did (the listing is then partial). */
  stopped?: string;
  /** Results dropped: outside the project (through `..` or a symlink), or symlinks to nothing. */
  dropped: number;
}

/**
 * Lists the files matching `pattern` under `dir` (default: the project). The crawl never enters
 * a directory whose real path is outside the project (a symlink to `/`, a pattern starting with
 * `../`), stops after GLOB_MAX_ENTRIES entries or GLOB_TIME_LIMIT_MS, and soon after `signal`
 * aborts; symlink loops are cut by the crawler (fdir). Returns a message when `dir` is refused.
 */
export async function listFiles(
  scope: FsScope,
  pattern: string,
  dir: string | undefined,
  signal: AbortSignal,
): Promise<Listing | string> {
  const base = await resolveInScope(scope, dir ?? '.', 'dir');
  if (!base.ok) return base.message;
  const crawl = new Crawl(scope, signal);
  const timer = setTimeout(
    () => crawl.stop(`listing stopped after ${GLOB_TIME_LIMIT_MS} ms`),
    GLOB_TIME_LIMIT_MS,
  );
  try {
    const { glob } = await import('tinyglobby');
    const found = await glob(pattern, {
      cwd: base.path,
      absolute: true,
      dot: true,
      ignore: IGNORED_DIRS,
      signal: crawl.signal,
      // Only the callback forms the crawler calls are given (fdir, FSLike).
      fs: crawl.fs as never,
    });
    // Without a symlink on the way, every result is a real path under a directory checked inside.
    const kept = crawl.followedSymlink ? await keepInside(scope, found) : { files: found.sort(), dropped: 0 };
    return { ...kept, ...(crawl.stopped ? { stopped: crawl.stopped } : {}) };
  } finally {
    clearTimeout(timer);
  }
}

type Callback = (error: NodeJS.ErrnoException | null, value?: never) => void;

/** The file system as one listing's crawler sees it: confined, counted, throttled and stoppable. */
class Crawl {
  readonly #scope: FsScope;
  readonly #stop = new AbortController();
  readonly signal: AbortSignal;
  stopped: string | undefined;
  /** The crawler resolved a symlink (it calls `realpath` for nothing else). */
  followedSymlink = false;
  #entries = 0;
  /** Directories (as the crawler names them) whose real path was found inside the project. */
  readonly #insideDirs = new Set<string>();
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(scope: FsScope, signal: AbortSignal) {
    this.#scope = scope;
    this.signal = AbortSignal.any([signal, this.#stop.signal]);
  }

  stop(why: string): void {
    this.stopped ??= why;
    this.#stop.abort();
  }

  readonly fs = {
    readdir: (path: string, options: object, done: Callback): void =>
      this.#limited(done, [], (next) =>
        this.#inside(path, (inside) => {
          // Outside the project: as if empty, so the crawl never walks the rest of the machine.
          if (!inside) return next(null, []);
          readdir(path, options, (err, found) => {
            this.#entries += found?.length ?? 0;
            if (this.#entries > GLOB_MAX_ENTRIES)
              this.stop(`listing stopped after ${GLOB_MAX_ENTRIES} directory entries`);
            next(err, found);
          });
        }),
      ),
    realpath: (path: string, done: Callback): void => {
      this.followedSymlink = true;
      this.#limited(done, undefined, (next) => realpath(path, next));
    },
    stat: (path: string, done: Callback): void => this.#limited(done, undefined, (next) => stat(path, next)),
  };

  /**
   * Whether the directory the crawler is about to read is inside the project. A plain
   * subdirectory of one already found inside is (the crawler resolves every symlink itself and
   * walks its real path); anything else, such as the crawl's start, is checked by its real path.
   */
  #inside(path: string, answer: (inside: boolean) => void): void {
    const dir = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    if (this.#insideDirs.has(dirname(dir))) {
      this.#insideDirs.add(dir);
      answer(true);
      return;
    }
    realpath(dir, (error, real) => {
      const inside = !error && isInside(this.#scope.root, real);
      if (inside) this.#insideDirs.add(dir);
      answer(inside);
    });
  }

  /**
   * Runs `call` when fewer than GLOB_FS_CONCURRENCY calls are in flight. Once the crawl is stopped,
   * waiting calls answer at once, without touching the disk: with `emptyValue` (an empty
   * directory), or an error the crawler ignores.
   */
  #limited(
    done: Callback,
    emptyValue: unknown,
    call: (next: (e: unknown, v?: unknown) => void) => void,
  ): void {
    const start = (): void => {
      if (this.signal.aborted) {
        const stoppedError = Object.assign(new Error('listing stopped'), { code: 'ECANCELED' });
        done(emptyValue === undefined ? stoppedError : null, emptyValue as never);
        return;
      }
      this.#running++;
      call((error, value) => {
        this.#running--;
        done(error as NodeJS.ErrnoException | null, value as never);
        this.#next();
      });
    };
    if (this.#running < GLOB_FS_CONCURRENCY) start();
    else this.#waiting.push(start);
  }

  /** Starts what waits, as room frees up; once stopped, answers all of it (a loop: no deep stack). */
  #next(): void {
    while (this.#waiting.length > 0 && (this.signal.aborted || this.#running < GLOB_FS_CONCURRENCY)) {
      this.#waiting.shift()?.();
    }
  }
}

/** `..` in a pattern or a symlink to a file could reach outside: keep results whose real path is inside. */
async function keepInside(scope: FsScope, found: string[]): Promise<{ files: string[]; dropped: number }> {
  const files: string[] = [];
  for (const p of found) {
    const real = await realpathAsync(p).catch(() => undefined);
    if (real && isInside(scope.root, real) && isInside(scope.root, p)) files.push(p);
  }
  return { files: files.sort(), dropped: found.length - files.length };
}
