#!/bin/sh
# VS Code demo hook (linux/osx variant): report the edited file on stderr.
echo "vscode hook saw an edit" >&2
exit 0
