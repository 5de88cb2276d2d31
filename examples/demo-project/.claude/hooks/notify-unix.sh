#!/bin/sh
# VS Code demo hook (linux/osx variant): report the edited file on stderr.
# Read the input to the end even though it is unused: the host writes all of it (doctor --probe).
cat >/dev/null
echo "vscode hook saw an edit" >&2
exit 0
