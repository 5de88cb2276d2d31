import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { NormalizedHandler } from '../../model/handler.ts';
import { commandReach, type Reach } from './command-reach.ts';
import { FileProbe } from './file-probe.ts';
import { packageScriptTexts } from './package-scripts.ts';
import { isShellScript, MARK, markVariables, substituteScript } from './script-text.ts';
import { splitCommands } from './shell-words.ts';

export { splitWords } from './shell-words.ts';

/** A file a command handler executes or reads as code, or a package script it runs. */
export interface ScriptRef {
  /** Absolute path (of the package.json for a package script). */
  path: string;
  /** Project-relative with `/` separators; absolute for a file outside the project. */
  display: string;
  /** Set when the ref is `npm run NAME` (and kin): the script's name in the package.json at `path`. */
  packageScript?: string;
}

export interface ScriptRefOptions {
  /** Where `~` and `$HOME` point; default the user's home directory. */
  homeDir?: string;
  /** Records every file consulted, with its stamp (the trust fingerprint's re-check). */
  probe?: FileProbe;
}

const SCRIPT_EXTENSIONS =
  /\.(sh|bash|zsh|fish|py|js|mjs|cjs|ts|mts|cts|rb|pl|php|ps1|psm1|cmd|bat|lua|jar)$/i;
/** The machine's own programs: an interpreter named by path (`/usr/bin/env`) is not the repository's code. */
const SYSTEM_DIRS = ['/usr/', '/bin/', '/sbin/', '/lib/', '/lib64/', '/etc/', '/nix/store/', '/System/'];
/** Nesting of `-c` strings, package scripts and sourced files followed; beyond it a loop is assumed. */
const MAX_REACH_DEPTH = 8;
/** Files read for `source` per handler, so that a hostile tree cannot make trust slow. */
const MAX_SCANNED_FILES = 256;
/** Bytes of a script read for `source`. */
const MAX_SCAN_BYTES = 1024 * 1024;

interface Walk {
  root: string;
  home: string;
  pluginRoot: string | undefined;
  probe: FileProbe;
  found: Map<string, ScriptRef>;
  scanned: Set<string>;
}

interface Place {
  /** Relative paths resolve here: the hook's working directory. */
  base: string;
  /** The directory of the script being read, when inside one (`$(dirname "$0")`, and a fallback base). */
  scriptDir?: string;
  depth: number;
  /** Inside a script only what runs is followed, not every argument that names a file. */
  strongOnly: boolean;
}

interface CommandTexts {
  /** POSIX shell command lines. */
  lines: string[];
  /** PowerShell lines: backslashes are path separators there, not escapes. */
  windowsLines: string[];
  /** Exec form: the words as given, no shell in between. */
  execWords: string[];
}

function commandTexts(handler: NormalizedHandler): CommandTexts {
  const texts: CommandTexts = { lines: [], windowsLines: [], execWords: [] };
  if (handler.type !== 'command') return texts;
  const spec = handler.spec;
  if (spec.exec !== undefined) texts.execWords.push(spec.exec, ...(spec.args ?? []));
  else if (spec.args !== undefined && spec.command !== undefined)
    texts.execWords.push(spec.command, ...spec.args);
  else if (spec.command !== undefined) texts.lines.push(spec.command);
  for (const value of [spec.bash, spec.linux, spec.osx]) if (value !== undefined) texts.lines.push(value);
  for (const value of [spec.powershell, spec.windows])
    if (value !== undefined) texts.windowsLines.push(value);
  return texts;
}

/**
 * Finds what a command handler runs (docs/trust.md "What is approved"): files named as the
 * command or given to a shell or interpreter (`bash hookscript`, no extension needed), files a
 * `-c` string runs, the package script behind `npm run X` (and the files it runs), the files each
 * shell script `source`s or runs by path (found statically), and, as before, any argument that
 * names an existing file inside the project. Files outside the project count when they are run
 * (not when merely named), except the system's own programs.
 */
export function findScriptRefs(
  handler: NormalizedHandler,
  projectDir: string,
  options: ScriptRefOptions = {},
): ScriptRef[] {
  const root = resolve(projectDir);
  const walk: Walk = {
    root,
    home: options.homeDir ?? homedir(),
    pluginRoot: handler.source.pluginRoot,
    probe: options.probe ?? new FileProbe(),
    found: new Map(),
    scanned: new Set(),
  };
  const { lines, windowsLines, execWords } = commandTexts(handler);
  const cwd = handler.type === 'command' ? handler.spec.cwd : undefined;
  const place: Place = { base: cwd === undefined ? root : resolve(root, cwd), depth: 0, strongOnly: false };
  for (const line of lines) followLine(walk, markVariables(line), place);
  for (const line of windowsLines) {
    for (const words of splitCommands(toSlashes(markVariables(line)), false))
      followCommand(walk, words, place);
  }
  if (execWords.length > 0)
    followCommand(
      walk,
      execWords.map((word) => toSlashes(markVariables(word))),
      place,
    );
  return [...walk.found.values()];
}

function toSlashes(text: string): string {
  return text.replace(/\\/g, '/');
}

function followLine(walk: Walk, text: string, place: Place): void {
  for (const words of splitCommands(text)) followCommand(walk, words, place);
}

function followCommand(walk: Walk, words: readonly string[], place: Place): void {
  for (const reach of commandReach(words)) follow(walk, reach, place);
}

function follow(walk: Walk, reach: Reach, place: Place): void {
  const deeper = { ...place, depth: place.depth + 1 };
  if (reach.kind === 'line') {
    if (place.depth < MAX_REACH_DEPTH) followLine(walk, markVariables(reach.text), deeper);
  } else if (reach.kind === 'package-script') {
    followPackageScript(walk, reach, place);
  } else if (reach.strong || !place.strongOnly) {
    const path = resolveWord(walk, reach, place);
    if (path !== undefined) addFile(walk, path, reach.shell === true, deeper);
  }
}

/** The file a word names, or undefined when it names none we hash. */
function resolveWord(walk: Walk, reach: Extract<Reach, { kind: 'path' }>, place: Place): string | undefined {
  const word = reach.word;
  if (word === '' || word.startsWith('-') || word.includes('=')) return undefined;
  const marked =
    word.startsWith(MARK.project) || word.startsWith(MARK.pluginRoot) || word.startsWith(MARK.scriptDir);
  const text = word
    .replace(MARK.project, walk.root)
    .replace(MARK.home, walk.home)
    .replace(MARK.pluginRoot, walk.pluginRoot ?? MARK.pluginRoot)
    .replace(MARK.scriptDir, place.scriptDir ?? MARK.scriptDir);
  if (text.includes('\u0000') || /[$*?`]/.test(text)) return undefined;
  const hasSlash = text.includes('/');
  const hasExtension = SCRIPT_EXTENSIONS.test(text);
  if (!reach.strong && !hasSlash && !hasExtension) return undefined;
  const candidates = isAbsolute(text)
    ? [resolve(text)]
    : [resolve(place.base, text), ...(place.scriptDir ? [resolve(place.scriptDir, text)] : [])];
  const existing = candidates.find((path) => walk.probe.kind(path) === 'file');
  const path = existing ?? (candidates[0] as string);
  const inside = isInside(walk.root, path);
  if (!inside && (!reach.strong || SYSTEM_DIRS.some((dir) => path.startsWith(dir)))) return undefined;
  if (existing !== undefined) return path;
  const kind = walk.probe.kind(path);
  if (kind === 'directory') return undefined;
  // A missing file is recorded only when the word is unmistakably a path, so that creating it later is noticed.
  const unmistakable =
    reach.strong || marked || hasExtension || text.startsWith('./') || text.startsWith('../');
  if (!unmistakable) return undefined;
  // A named pipe or a device where a script should be: what a shell would read from it is unknown,
  // so it is recorded as unreadable (never trusted), not left out of the fingerprint.
  if (kind === 'other') walk.probe.read(path);
  return path;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function displayOf(walk: Walk, path: string): string {
  return isInside(walk.root, path) ? relative(walk.root, path).split(sep).join('/') : path;
}

function addFile(walk: Walk, path: string, runByShell: boolean, place: Place): void {
  if (!walk.found.has(path)) walk.found.set(path, { path, display: displayOf(walk, path) });
  if (walk.scanned.has(path) || walk.scanned.size >= MAX_SCANNED_FILES || place.depth > MAX_REACH_DEPTH)
    return;
  walk.scanned.add(path);
  const data = walk.probe.read(path);
  if (data === null) return;
  const text = data.subarray(0, MAX_SCAN_BYTES).toString('utf8');
  if (text.includes('\u0000') || !isShellScript(path, text, runByShell)) return;
  followLine(walk, substituteScript(text), { ...place, scriptDir: dirname(path), strongOnly: true });
}

/** `npm run NAME`: the nearest package.json from the hook's directory, its pre-, main and post-script. */
function followPackageScript(
  walk: Walk,
  reach: Extract<Reach, { kind: 'package-script' }>,
  place: Place,
): void {
  const from = reach.prefix === undefined ? place.base : resolve(place.base, reach.prefix);
  let dir = from;
  let manifest = join(dir, 'package.json');
  while (walk.probe.kind(manifest) !== 'file' && dirname(dir) !== dir) {
    dir = dirname(dir);
    manifest = join(dir, 'package.json');
  }
  if (walk.probe.kind(manifest) !== 'file') manifest = join(from, 'package.json');
  const key = `${manifest}#${reach.name}`;
  if (!walk.found.has(key)) {
    const display = `${displayOf(walk, manifest)}#scripts/${reach.name}`;
    walk.found.set(key, { path: manifest, display, packageScript: reach.name });
  }
  if (place.depth >= MAX_REACH_DEPTH) return;
  const texts = packageScriptTexts(walk.probe.read(manifest), reach.name);
  const inPackage: Place = { base: dirname(manifest), depth: place.depth + 1, strongOnly: false };
  for (const text of texts) if (text !== null) followLine(walk, markVariables(text), inPackage);
}
