#!/usr/bin/env node
// agent-hooks template "format-after-edit" (PostToolUse on file edits): formats the file the agent
// just wrote, then tells the agent it changed on disk, so its next edit starts from the new text.
// Hosts: Claude Code, Copilot CLI and VS Code (which ignores matchers: the script checks the tool).
// The formatter: $FORMAT_COMMAND (the file is appended as the last argument), else the project's
// Prettier or Biome, else gofmt, rustfmt, ruff or black by extension. No formatter: nothing happens.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** How long the formatter may run; below the hook's own timeout so this script can still answer. */
const FORMAT_TIMEOUT_MS = 25_000;
/** Tools that write files: Claude Code, Copilot CLI (§1.4 names) and VS Code (§2.6 names). */
const EDIT_TOOLS = new Set([
  'Write',
  'Edit',
  'MultiEdit',
  'create',
  'edit',
  'str_replace_editor',
  'create_file',
  'replace_string_in_file',
  'multi_replace_string_in_file',
  'insert_edit_into_file',
  'editFiles',
]);
const BY_EXTENSION = [
  [/\.go$/, ['gofmt', '-w']],
  [/\.rs$/, ['rustfmt']],
  [/\.py$/, ['ruff', 'format'], ['black', '-q']],
];
const WEB = /\.(c|m)?(j|t)sx?$|\.(json|jsonc|css|scss|less|html|vue|svelte|md|ya?ml|graphql)$/;

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
const camel = 'toolArgs' in input;
// Copilot CLI answers with flat fields; Claude Code and VS Code read hookSpecificOutput (§1.3, §2.5).
const copilot = camel || process.env.COPILOT_CLI === '1';
let args = camel ? input.toolArgs : input.tool_input;
if (typeof args === 'string') args = JSON.parse(args);
const tool = input.tool_name ?? input.toolName;
const project = process.env.CLAUDE_PROJECT_DIR || input.cwd || process.cwd();
const given = args?.file_path ?? args?.filePath ?? args?.path;
if (!EDIT_TOOLS.has(tool) || typeof given !== 'string') process.exit(0);
const file = isAbsolute(given) ? given : resolve(project, given);
if (!existsSync(file)) process.exit(0);

function onPath(program) {
  const local = join(project, 'node_modules', '.bin', program);
  if (existsSync(local)) return local;
  const dirs = (process.env.PATH ?? '').split(delimiter);
  return dirs.map((dir) => join(dir, program)).find((candidate) => existsSync(candidate));
}

function formatter() {
  if (process.env.FORMAT_COMMAND) return { shell: process.env.FORMAT_COMMAND, name: '$FORMAT_COMMAND' };
  if (WEB.test(file)) {
    const prettier = existsSync(join(project, 'node_modules', '.bin', 'prettier'));
    if (prettier)
      return { argv: [join(project, 'node_modules', '.bin', 'prettier'), '--write'], name: 'prettier' };
    const biome = existsSync(join(project, 'node_modules', '.bin', 'biome'));
    if (biome)
      return { argv: [join(project, 'node_modules', '.bin', 'biome'), 'format', '--write'], name: 'biome' };
  }
  for (const [pattern, ...choices] of BY_EXTENSION) {
    if (!pattern.test(file)) continue;
    const found = choices.find(([program]) => onPath(program));
    if (found) return { argv: [onPath(found[0]), ...found.slice(1)], name: found[0] };
  }
  return undefined;
}

const chosen = formatter();
if (!chosen) process.exit(0);
const before = readFileSync(file, 'utf8');
const options = { cwd: project, encoding: 'utf8', timeout: FORMAT_TIMEOUT_MS };
const run = chosen.shell
  ? spawnSync('/bin/sh', ['-c', `${chosen.shell} "$1"`, 'format-after-edit', file], options)
  : spawnSync(chosen.argv[0], [...chosen.argv.slice(1), file], options);
if (run.status !== 0) {
  // A failed formatter is not the agent's business: the person sees it, the edit stands (exit 1).
  process.stderr.write(
    `format-after-edit: ${chosen.name} failed on ${given}: ${(run.stderr || run.error?.message || '').trim()}\n`,
  );
  process.exit(1);
}
if (readFileSync(file, 'utf8') === before) process.exit(0);
const context = `format-after-edit: ${chosen.name} reformatted ${given} after this edit; read it again before editing it.`;
const output = copilot
  ? { additionalContext: context }
  : { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: context } };
process.stdout.write(`${JSON.stringify(output)}\n`);
