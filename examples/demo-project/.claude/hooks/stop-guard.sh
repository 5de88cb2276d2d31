#!/bin/sh
# Stop guard: ask for one more pass before the agent stops, but only once.
# stop_hook_active is true when the agent is already continuing because of a Stop hook;
# checking it prevents an endless loop.
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'*) exit 0 ;;
esac
echo '{"decision":"block","reason":"Before stopping, run the tests and summarise the result."}'
