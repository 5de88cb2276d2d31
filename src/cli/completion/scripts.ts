import type { CommandSpec } from './spec.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const BIN = 'agent-hooks';
const FUNCTION = '_agent_hooks_complete';

function words(list: readonly string[]): string {
  return list.join(' ');
}

/** The bash function: finds the command path typed so far, then offers values, options, subcommands or words. */
function bashFunction(specs: readonly CommandSpec[]): string {
  const subs = specs.flatMap((spec) => spec.subcommands.map((sub) => `"${spec.path.join(' ')}|${sub}"`));
  const commands = specs.map((spec) => {
    const opts = spec.options.flatMap((option) => option.flags);
    const args = spec.argumentValues ? words(spec.argumentValues) : '';
    return `    "${spec.path.join(' ')}") subs="${words(spec.subcommands)}"; opts="${words(opts)}"; args="${args}" ;;`;
  });
  const values = specs.flatMap((spec) =>
    spec.options
      .filter((option) => option.takesValue)
      .flatMap((option) =>
        option.flags.map((flag) =>
          option.values
            ? `    "${spec.path.join(' ')}|${flag}") COMPREPLY=($(compgen -W "${words(option.values)}" -- "$cur")); return ;;`
            : `    "${spec.path.join(' ')}|${flag}") COMPREPLY=($(compgen -f -- "$cur")); return ;;`,
        ),
      ),
  );
  return `${FUNCTION}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" path="" word i subs="" opts="" args=""
  if (( COMP_CWORD > 0 )); then prev="\${COMP_WORDS[COMP_CWORD-1]}"; fi
  for (( i = 1; i < COMP_CWORD; i++ )); do
    word="\${COMP_WORDS[i]}"
    case "$path|$word" in
      ${subs.join('|') || '"|"'}) path="\${path:+$path }$word" ;;
    esac
  done
  case "$path|$prev" in
${values.join('\n')}
  esac
  case "$path" in
${commands.join('\n')}
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ -n $subs ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  elif [[ -n $args ]]; then
    COMPREPLY=($(compgen -W "$args" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}`;
}

function bashScript(specs: readonly CommandSpec[]): string {
  return `# ${BIN} completion for bash: add to ~/.bashrc
#   eval "$(${BIN} completion bash)"
${bashFunction(specs)}
complete -o default -F ${FUNCTION} ${BIN}
`;
}

/** zsh runs the same function through its bash completion layer (bashcompinit). */
function zshScript(specs: readonly CommandSpec[]): string {
  return `# ${BIN} completion for zsh: add to ~/.zshrc after compinit
#   eval "$(${BIN} completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashFunction(specs)}
complete -o default -F ${FUNCTION} ${BIN}
`;
}

function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The fish condition for "the command line is at `path`". */
function fishCondition(spec: CommandSpec): string {
  if (spec.path.length === 0) return '__fish_use_subcommand';
  const seen = spec.path.map((word) => `__fish_seen_subcommand_from ${word}`).join('; and ');
  return spec.subcommands.length > 0
    ? `${seen}; and not __fish_seen_subcommand_from ${words(spec.subcommands)}`
    : seen;
}

function fishLines(spec: CommandSpec, specs: readonly CommandSpec[]): string[] {
  const at = `complete -c ${BIN} -n ${fishQuote(fishCondition(spec))}`;
  const lines = spec.subcommands.map((sub) => {
    const child = specs.find((s) => s.path.join(' ') === [...spec.path, sub].join(' '));
    return `${at} -f -a ${sub} -d ${fishQuote(child?.description ?? '')}`;
  });
  for (const option of spec.options) {
    const flags = option.flags.map((flag) =>
      flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`,
    );
    const value = !option.takesValue
      ? ''
      : option.values
        ? ` -x -a ${fishQuote(words(option.values))}`
        : ' -r -F';
    lines.push(`${at} ${flags.join(' ')}${value} -d ${fishQuote(option.description)}`);
  }
  if (spec.argumentValues) lines.push(`${at} -f -a ${fishQuote(words(spec.argumentValues))}`);
  return lines;
}

function fishScript(specs: readonly CommandSpec[]): string {
  const lines = specs.flatMap((spec) => fishLines(spec, specs));
  return `# ${BIN} completion for fish: save as ~/.config/fish/completions/${BIN}.fish
#   ${BIN} completion fish > ~/.config/fish/completions/${BIN}.fish
complete -c ${BIN} -e
${lines.join('\n')}
`;
}

/** The completion script for `shell`, from the program's commands and the event catalogue. */
export function completionScript(shell: Shell, specs: readonly CommandSpec[]): string {
  if (shell === 'bash') return bashScript(specs);
  return shell === 'zsh' ? zshScript(specs) : fishScript(specs);
}
