// The server name in `mcp__<server>__<tool>`: given with --name, or derived from the command or URL.

/** Programs that start the real server; the server is named after what they run. */
const LAUNCHERS = new Set([
  'node',
  'nodejs',
  'npx',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'bunx',
  'deno',
  'tsx',
  'uv',
  'uvx',
  'pipx',
  'python',
  'python3',
  'docker',
  'podman',
]);

/** Subcommands of those launchers (`npm exec`, `uv run`, `docker run`, `pnpm dlx`). */
const SUBCOMMANDS = new Set(['exec', 'x', 'dlx', 'run', 'tool', 'start']);

/** Launcher options that take a value in the next argument. */
const OPTIONS_WITH_VALUE = new Set([
  '-e',
  '--env',
  '-p',
  '--package',
  '--from',
  '--with',
  '-v',
  '--volume',
  '--name',
]);

const AFFIXES: readonly RegExp[] = [
  /^mcp[-_]server[-_]/,
  /^server[-_]/,
  /^mcp[-_]/,
  /[-_]mcp[-_]server$/,
  /[-_]server$/,
  /[-_]mcp$/,
];

/** Claude Code keeps `[A-Za-z0-9_-]` of a server name and replaces the rest with `_`. */
export function normalizeServerName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

export function deriveServerName(source: { command?: readonly string[]; url?: string }): string {
  const raw = source.url !== undefined ? fromUrl(source.url) : fromCommand(source.command ?? []);
  return normalizeServerName(raw || 'server');
}

function fromCommand(command: readonly string[]): string {
  let index = 0;
  while (index < command.length) {
    const word = command[index]!;
    const program = basename(word);
    if (index === 0 && !LAUNCHERS.has(program)) return tidy(program);
    if (index > 0 && !word.startsWith('-') && !SUBCOMMANDS.has(word)) return fromPackage(word);
    index += OPTIONS_WITH_VALUE.has(word) ? 2 : 1;
  }
  return '';
}

/** `@playwright/mcp` is named after its scope: the package name alone says nothing. */
function fromPackage(word: string): string {
  const name = tidy(basename(word));
  const scope = /^@([^/]+)\//.exec(word)?.[1];
  return scope !== undefined && GENERIC.has(name) ? tidy(scope) : name;
}

const GENERIC = new Set(['', 'mcp', 'server', 'mcp-server']);

function fromUrl(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return '';
  }
  if (/^[\d.]+$/.test(host) || host.includes(':') || host === 'localhost') return 'localhost';
  const labels = host.split('.').filter((label) => !['mcp', 'www', 'api'].includes(label));
  return labels.length > 1 ? labels.at(-2)! : (labels[0] ?? '');
}

function basename(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

/** `@scope/server-github@1.2.0` → `github`, `mcp-server-fetch` → `fetch`, `weather.py` → `weather`. */
function tidy(word: string): string {
  let name = word.replace(/@[^@/]*$/, '').replace(/\.(c|m)?(j|t)s$|\.py$/, '');
  for (const affix of AFFIXES) name = name.replace(affix, '');
  return name;
}
