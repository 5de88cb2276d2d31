#!/bin/sh
# PostToolUse formatter stand-in: records which file was edited.
# TOOL_INPUT_FILE_PATH is set by the engine from tool_input.file_path.
# Read the input to the end even though it is unused: the host writes all of it (doctor --probe).
cat >/dev/null
log_dir="${CLAUDE_PROJECT_DIR:-.}/.agent-hooks"
mkdir -p "$log_dir"
echo "formatted ${TOOL_INPUT_FILE_PATH:-unknown}" >> "$log_dir/format.log"
echo "{\"hookSpecificOutput\":{\"hookEventName\":\"PostToolUse\",\"additionalContext\":\"Formatted ${TOOL_INPUT_FILE_PATH:-the file}.\"}}"
