#!/bin/sh
# PreToolUse guard for Bash:
# - destructive commands (rm -rf, DROP TABLE) are refused: exit 2, and stderr is the reason
#   the model sees;
# - a few read-only commands are approved outright with a JSON "allow";
# - anything else gets no opinion (exit 0, no output): the normal permission flow decides.
input=$(cat)
command=$(printf '%s' "$input" | sed -n 's/.*"command":"\([^"]*\)".*/\1/p')
case "$command" in
  *"rm -rf"*|*"DROP TABLE"*|*"drop table"*)
    echo "Blocked by the demo guard: '$command' is destructive. Ask the user first." >&2
    exit 2
    ;;
  "git status"*|"git diff"*|"git log"*|"ls"*|"pwd")
    echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only command"}}'
    ;;
esac
exit 0
