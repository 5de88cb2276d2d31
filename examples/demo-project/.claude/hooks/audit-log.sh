#!/bin/sh
# Audit logger: one line per hook event into .agent-hooks/audit.log.
log_dir="${CLAUDE_PROJECT_DIR:-.}/.agent-hooks"
mkdir -p "$log_dir"
input=$(cat)
event=$(printf '%s' "$input" | sed -n 's/.*"hook_event_name":"\([^"]*\)".*/\1/p')
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) ${event:-unknown} session=${CLAUDE_CODE_SESSION_ID:-?}" >> "$log_dir/audit.log"
exit 0
