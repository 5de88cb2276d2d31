// Static reading of a shell script for the files it sources or runs (docs/trust.md). Nothing is
// executed: the few spellings of "the script's own directory" and plain `NAME=value` assignments
// are substituted, anything else that is computed at run time is not followed.

/** Placeholders substituted before a line is split into words, resolved per word afterwards. */
export const MARK = {
  project: '\u0000P\u0000',
  home: '\u0000H\u0000',
  pluginRoot: '\u0000R\u0000',
  scriptDir: '\u0000D\u0000',
} as const;

const PROJECT_DIR_VARS = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b|\$env:CLAUDE_PROJECT_DIR\b/g;
const PLUGIN_ROOT_VARS = /\$\{CLAUDE_PLUGIN_ROOT\}|\$CLAUDE_PLUGIN_ROOT\b/g;
const HOME_VARS = /\$\{HOME\}|\$HOME\b|(?<=^|[\s"'=:;&|(])~(?=\/)/g;

/** `$0` and `$BASH_SOURCE` in their usual spellings. */
const SELF = String.raw`"?\$(?:\{BASH_SOURCE(?:\[0\])?\}|BASH_SOURCE(?:\[0\])?|0|\{0\})"?`;
const DIRNAME = String.raw`\$\(\s*dirname\s+(?:--\s+)?${SELF}\s*\)`;
const SCRIPT_DIR_SPELLINGS = [
  // $(cd "$(dirname "${BASH_SOURCE[0]}")" &>/dev/null && pwd)
  new RegExp(
    String.raw`\$\(\s*cd\s+(?:--\s+)?"?${DIRNAME}"?\s*(?:[0-9&]?>+\s*/dev/null\s*)?&&\s*pwd(?:\s+-P)?\s*\)`,
    'g',
  ),
  new RegExp(DIRNAME, 'g'),
  new RegExp(String.raw`\`\s*dirname\s+${SELF}\s*\``, 'g'),
  /\$\{(?:BASH_SOURCE(?:\[0\])?|0)%\/\*\}/g,
  /\$\{0:A:h\}/g,
];
const ASSIGNMENT = /^\s*(?:export\s+|readonly\s+|local\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=(.*)$/;
const SHELL_SHEBANG = /^#!\s*\S*?(?:\/|\s)(?:env\s+)?(?:ba|z|k|da|mk|a)?sh\b/;
const SHELL_EXTENSION = /\.(sh|bash|zsh|ksh|dash)$/i;

/** Replaces the variables a hook command line can name with placeholders. */
export function markVariables(text: string): string {
  return text
    .replace(PROJECT_DIR_VARS, MARK.project)
    .replace(PLUGIN_ROOT_VARS, MARK.pluginRoot)
    .replace(HOME_VARS, MARK.home);
}

/** Whether a file is shell code we should read for `source`: by extension, shebang, or how it is run. */
export function isShellScript(path: string, text: string, runByShell: boolean): boolean {
  return runByShell || SHELL_EXTENSION.test(path) || SHELL_SHEBANG.test(text);
}

/**
 * A script's text with the project variables, the script's own directory and simple
 * assignments (`DIR="$(dirname "$0")"`, `LIB=$DIR/lib`) substituted, line by line, so that
 * `source "$DIR/lib.sh"` names a file.
 */
export function substituteScript(text: string): string {
  const vars = new Map<string, string>();
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    let line = markVariables(raw);
    for (const pattern of SCRIPT_DIR_SPELLINGS) line = line.replace(pattern, MARK.scriptDir);
    line = line.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (whole, braced?: string, bare?: string) => {
      const value = vars.get(braced ?? bare ?? '');
      return value ?? whole;
    });
    const assignment = ASSIGNMENT.exec(line);
    if (assignment) {
      const value = unquote((assignment[2] ?? '').trim());
      if (value !== undefined && !/[$`]/.test(value)) vars.set(assignment[1] as string, value);
      else vars.delete(assignment[1] as string);
    }
    out.push(line);
  }
  return out.join('\n');
}

/** The value of a one-word assignment without its quotes; undefined for anything else. */
function unquote(value: string): string | undefined {
  if (/^"[^"]*"$/.test(value) || /^'[^']*'$/.test(value)) return value.slice(1, -1);
  if (/^[^\s"'`;&|]*$/.test(value)) return value;
  return undefined;
}
