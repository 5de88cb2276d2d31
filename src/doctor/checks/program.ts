import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { CommandHandler } from '../../model/handler.ts';
import { commandLine } from '../command-text.ts';
import { commandPointer, handlerFinding } from '../finding.ts';
import type { CheckContext, Finding } from '../types.ts';

/** What the program checks read: also built by `add` for the one hook it writes. */
export type ProgramCheckContext = Pick<
  CheckContext,
  'profile' | 'handlers' | 'projectDir' | 'env' | 'platform'
>;

import { fileState, findOnPath, missingInterpreter } from './program-files.ts';

/**
 * What an interpreter exits with when its script is missing, measured on Debian (python3, perl,
 * dash 2; bash 127; node 1). Exit 2 is the blocking exit code (claude-code-hooks.md §3.3), so
 * `python3 /missing.py` blocks every action the hook matches.
 */
const MISSING_SCRIPT_EXIT: Readonly<Record<string, number>> = {
  python: 2,
  python2: 2,
  python3: 2,
  perl: 2,
  sh: 2,
  dash: 2,
  bash: 127,
  zsh: 127,
  node: 1,
  ruby: 1,
  deno: 1,
  bun: 1,
};
const BLOCKING_EXIT = 2;

/** Shell builtins and keywords: never looked up on PATH. */
const BUILTINS = new Set(
  'true false : . echo printf cd test [ exit read set export unset eval trap shift wait return if case for while until { ('.split(
    ' ',
  ),
);

/** A path as the user wrote it: relative to the project when inside it. */
function shown(file: string, projectDir: string): string {
  const rel = path.relative(projectDir, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

/** What `program` exits with for a missing script; `sh` is whatever shell it links to (dash: 2, bash: 127). */
function missingScriptExit(program: string, env: NodeJS.ProcessEnv): number | undefined {
  const found = findOnPath(program, env);
  let name = path.basename(program);
  if (found !== undefined && name === 'sh') {
    try {
      name = path.basename(realpathSync(found));
    } catch {
      // Keep `sh`.
    }
  }
  return MISSING_SCRIPT_EXIT[name];
}

const PLUGIN_ROOT = /\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT\b/;

function commandOf(handler: CommandHandler): string {
  const s = handler.spec;
  return [s.command, s.exec, s.bash, s.linux, s.osx, ...(s.args ?? [])]
    .filter((v) => v !== undefined)
    .join(' ');
}

/** §6.5: only plugin hooks (and skill hooks, as their own folder) get CLAUDE_PLUGIN_ROOT. */
function pluginRootOutsidePlugin(handler: CommandHandler, ctx: ProgramCheckContext): Finding | undefined {
  if (handler.source.pluginRoot !== undefined || handler.source.scope === 'frontmatter') return undefined;
  if (!PLUGIN_ROOT.test(commandOf(handler))) return undefined;
  return handlerFinding('DOCTOR_PLUGIN_ROOT_OUTSIDE_PLUGIN', handler, {
    profile: ctx.profile,
    pointer: commandPointer(handler),
    message: `${handler.event} hook in ${handler.source.scope} settings uses \${CLAUDE_PLUGIN_ROOT}, which only plugin hooks get`,
  });
}

function scriptFinding(
  handler: CommandHandler,
  ctx: ProgramCheckContext,
  program: string,
  script: string,
  cwd: string,
) {
  const file = path.resolve(cwd, script);
  if (fileState(file) !== 'missing') return undefined;
  const exit = missingScriptExit(program, ctx.env);
  if (exit === BLOCKING_EXIT) {
    return handlerFinding('DOCTOR_MISSING_SCRIPT_BLOCKS', handler, {
      profile: ctx.profile,
      pointer: commandPointer(handler),
      message: `${handler.event} hook runs \`${program} ${script}\` but ${shown(file, ctx.projectDir)} does not exist; ${path.basename(program)} exits 2`,
      host: `exit 2 is a blocking error: on ${handler.event} the host blocks (or feeds stderr back) every time this hook matches`,
    });
  }
  return handlerFinding('DOCTOR_PROGRAM_MISSING', handler, {
    profile: ctx.profile,
    pointer: commandPointer(handler),
    message: `${handler.event} hook runs \`${program} ${script}\` but ${shown(file, ctx.projectDir)} does not exist`,
    host: `${path.basename(program)} exits ${exit ?? 'non-zero'}: a non-blocking error, the hook silently does nothing`,
  });
}

function pathProgramFinding(handler: CommandHandler, ctx: ProgramCheckContext, word: string, cwd: string) {
  const file = path.resolve(cwd, word);
  const state = fileState(file);
  const profile = ctx.profile;
  if (state === 'missing' || state === 'directory') {
    return handlerFinding('DOCTOR_PROGRAM_MISSING', handler, {
      profile,
      pointer: commandPointer(handler),
      message: `${handler.event} hook runs ${shown(file, ctx.projectDir)}, but it ${state === 'missing' ? 'does not exist' : 'is a folder'}`,
    });
  }
  if (state === 'not-executable') {
    return handlerFinding('DOCTOR_NOT_EXECUTABLE', handler, {
      profile,
      pointer: commandPointer(handler),
      message: `${handler.event} hook runs ${shown(file, ctx.projectDir)}, which is not executable`,
      fix: `chmod +x ${shown(file, ctx.projectDir)} (and commit the mode: git update-index --chmod=+x), or start it through its interpreter`,
    });
  }
  const interpreter = missingInterpreter(file, ctx.env);
  if (interpreter === undefined) return undefined;
  return handlerFinding('DOCTOR_INTERPRETER_MISSING', handler, {
    profile,
    pointer: commandPointer(handler),
    message: `${handler.event} hook runs ${shown(file, ctx.projectDir)}, whose #! interpreter ${interpreter} is not installed`,
  });
}

/** The first script argument of an interpreter (`python3 -u x.py` → `x.py`). */
function scriptArgument(words: readonly string[]): string | undefined {
  const rest = words.slice(1);
  if (rest.some((w) => w === '-c' || w === '-e' || w === '-m' || w === '-')) return undefined;
  return rest.find((w) => !w.startsWith('-'));
}

function checkHandler(handler: CommandHandler, ctx: ProgramCheckContext): Finding | undefined {
  const plugin = pluginRootOutsidePlugin(handler, ctx);
  if (plugin) return plugin;
  const line = commandLine(handler, ctx.profile, ctx.projectDir, ctx.platform);
  if (line === undefined || line.shell === 'pwsh' || line.shell === 'powershell' || line.shell === 'cmd')
    return undefined;
  const [program, ...rest] = line.words;
  if (program === undefined || /[$`*?~]/.test(program) || BUILTINS.has(program)) return undefined;
  if (program.includes('/')) return pathProgramFinding(handler, ctx, program, line.cwd);
  const found = findOnPath(program, ctx.env);
  if (found === undefined) {
    return handlerFinding('DOCTOR_PROGRAM_MISSING', handler, {
      profile: ctx.profile,
      pointer: commandPointer(handler),
      message: `${handler.event} hook runs \`${program}\`, which is not on PATH`,
      host: 'the shell exits 127 ("not found"): a non-blocking error, the hook silently does nothing',
    });
  }
  const script = MISSING_SCRIPT_EXIT[program] === undefined ? undefined : scriptArgument([program, ...rest]);
  if (script === undefined || /[$`*?~]/.test(script)) return undefined;
  return scriptFinding(handler, ctx, program, script, line.cwd);
}

/** Programs and scripts that cannot start: missing, not executable, a missing `#!` interpreter. */
export function checkPrograms(ctx: ProgramCheckContext): Finding[] {
  const findings: Finding[] = [];
  for (const handler of ctx.handlers) {
    if (handler.type !== 'command') continue;
    const finding = checkHandler(handler, ctx);
    if (finding) findings.push(finding);
  }
  return findings;
}
