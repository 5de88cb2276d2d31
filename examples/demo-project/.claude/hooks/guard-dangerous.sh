#!/bin/sh
# PreToolUse guard: refuse destructive commands before they run.
# Exit 2 blocks the call; stderr becomes the reason the model sees.
input=$(cat)
command=$(printf '%s' "$input" | sed -n 's/.*"command":"\([^"]*\)".*/\1/p')
case "$command" in
  *"rm -rf"*|*"DROP TABLE"*|*"drop table"*)
    echo "Blocked by the demo guard: '$command' is destructive. Ask the user first." >&2
    exit 2
    ;;
esac
exit 0
