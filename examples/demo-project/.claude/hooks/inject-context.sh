#!/bin/sh
# SessionStart context injector: plain stdout on SessionStart reaches the model's context.
echo "This is the agent-hooks demo project. Tests run with 'npm test'; never edit dist/."
