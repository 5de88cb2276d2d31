#!/bin/sh
# SessionStart context injector: plain stdout on SessionStart reaches the model's context.
# Read the input to the end even though it is unused: the host writes all of it (doctor --probe).
cat >/dev/null
echo "This is the agent-hooks demo project. Tests run with 'npm test'; never edit dist/."
