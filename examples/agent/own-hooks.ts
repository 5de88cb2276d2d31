// The reference agent's own hooks, besides the project's (examples/demo-project). Each shows one
// event the demo project does not use, at the point where Claude Code fires it.
import type { InlineSource } from '../../src/index.ts';

/** A command hook that prints one JSON answer. */
const answer = (json: unknown) => ({ type: 'command', command: `echo '${JSON.stringify(json)}'` });

export const OWN_HOOKS: InlineSource = {
  file: 'inline:reference-agent',
  kind: 'claude-settings',
  config: {
    hooks: {
      // Exports a variable through CLAUDE_ENV_FILE that every later bash call sees (§2.1).
      SessionStart: [
        { hooks: [{ type: 'command', command: 'echo "export DEMO_MODE=agent" >> "$CLAUDE_ENV_FILE"' }] },
      ],
      // A push needs a person: the hook asks, which opens the permission flow (§2.7, §2.8).
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            {
              // Not `if: "Bash(git push*)"`: Claude Code runs an `if` hook for every command with a
              // `$VAR` in it (claude-code-hooks.md §5.3), and this agent's scripts echo one.
              type: 'command',
              command: `grep -q '"command":"git push' && echo '${JSON.stringify({
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'ask',
                  permissionDecisionReason: 'pushing needs a person',
                },
              })}'; exit 0`,
            },
          ],
        },
      ],
      // …and a PermissionRequest hook answers before the person is asked.
      PermissionRequest: [
        {
          matcher: 'Bash',
          hooks: [
            answer({
              hookSpecificOutput: {
                hookEventName: 'PermissionRequest',
                decision: { behavior: 'deny', message: 'Pushes go through review: open a pull request.' },
              },
            }),
          ],
        },
      ],
      // A slow formatter runs in the background; what it says reaches the model on the next turn (§4.7).
      PostToolUse: [
        {
          matcher: 'Edit',
          hooks: [
            {
              ...answer({
                hookSpecificOutput: {
                  hookEventName: 'PostToolUse',
                  additionalContext: 'Formatter: notes.txt is clean.',
                },
              }),
              async: true,
            },
          ],
        },
      ],
      // Context for the next model call, once per batch of calls (§2.12).
      PostToolBatch: [
        {
          hooks: [
            answer({
              hookSpecificOutput: { hookEventName: 'PostToolBatch', additionalContext: 'Batch checked.' },
            }),
          ],
        },
      ],
      // A subagent of type Explore gets its rules first, and must name its source before it returns.
      SubagentStart: [
        {
          matcher: 'Explore',
          hooks: [
            answer({
              hookSpecificOutput: {
                hookEventName: 'SubagentStart',
                additionalContext: 'Explore: read only, never write.',
              },
            }),
          ],
        },
      ],
      SubagentStop: [
        {
          matcher: 'Explore',
          hooks: [
            {
              type: 'command',
              command: `grep -q '"stop_hook_active":true' || echo '{"decision":"block","reason":"Name the file you read."}'`,
            },
          ],
        },
      ],
    },
  },
};
