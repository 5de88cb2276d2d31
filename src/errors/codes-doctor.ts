import type { CodeInfo } from './code-info.ts';

/**
 * Findings of `agent-hooks doctor` (docs/doctor.md): hooks that would silently fail or never fire.
 * Keys are stable: never rename one, only add.
 */
export const DOCTOR_CODES = {
  DOCTOR_PROGRAM_MISSING: {
    severity: 'error',
    summary:
      'The program or script a command hook runs does not exist, so the shell exits 127 and the host treats it as a non-blocking error: the hook silently does nothing.',
    fix: 'Fix the path (write it from the project root with "$CLAUDE_PROJECT_DIR"/…) or install the program.',
  },
  DOCTOR_MISSING_SCRIPT_BLOCKS: {
    severity: 'error',
    summary:
      'An interpreter is given a script that does not exist (`python3 /missing.py`); it exits 2, which the host reads as a blocking error: every matching action is blocked.',
    fix: 'Fix the script path, or create the script; exit 2 is the blocking exit code (claude-code-hooks.md §3.3).',
  },
  DOCTOR_NOT_EXECUTABLE: {
    severity: 'error',
    summary:
      'A hook script is run directly but has no execute permission: the shell exits 126, a non-blocking error, and the hook does nothing.',
    fix: 'Run `chmod +x` on the script (and commit the mode), or start it through its interpreter (`sh script.sh`).',
  },
  DOCTOR_INTERPRETER_MISSING: {
    severity: 'error',
    summary:
      'A hook script starts with a `#!` line naming an interpreter that is not installed: the hook cannot start (exit 127 or 126), a non-blocking error.',
    fix: 'Install the interpreter, or change the `#!` line to one that exists (`#!/usr/bin/env python3`).',
  },
  DOCTOR_PLUGIN_ROOT_OUTSIDE_PLUGIN: {
    severity: 'error',
    summary:
      'A hook outside a plugin reaches its script through the CLAUDE_PLUGIN_ROOT variable, which only plugin hooks get: the path expands to a file at the root of the disk that does not exist.',
    fix: 'Use "$CLAUDE_PROJECT_DIR"/… in project settings, or move the hook into the plugin’s hooks/hooks.json.',
  },
  DOCTOR_BASH_ONLY_SYNTAX: {
    severity: 'error',
    summary:
      'A command uses bash-only syntax (`[[`, `<<<`, arrays, `source`, `function`) but the host runs it with /bin/sh, which is not bash here: it fails with a syntax error (exit 2 blocks) or "not found" (exit 127).',
    fix: 'Write POSIX sh (`[ ]`, `.` instead of `source`, a pipe instead of `<<<`), set `"shell": "bash"`, or move the code into a script with `#!/usr/bin/env bash`.',
  },
  DOCTOR_MATCHER_HOST_NAME: {
    severity: 'error',
    summary:
      'A matcher names a tool as another host spells it (Copilot `bash` in a Claude file, Claude `Bash` in a camelCase Copilot file): the host never sends that name, so the hook never fires.',
    fix: 'Use the tool name this host sends; the finding lists the names that would match.',
  },
  DOCTOR_MATCHER_UNKNOWN_TOOL: {
    severity: 'warning',
    summary:
      'A tool-event matcher matches no tool the host knows (a typo such as `Writ`, wrong case): the hook never fires unless a tool of that exact name exists.',
    fix: 'Use one of the names the finding suggests; tool names are case-sensitive (claude-code-hooks.md §5.1).',
  },
  DOCTOR_ONCE_IGNORED: {
    severity: 'warning',
    summary:
      '`once` is honoured only in skill frontmatter; in settings, plugins and agent frontmatter the hook runs every time.',
    fix: 'Remove `once`, or move the hook into a skill’s SKILL.md frontmatter (claude-code-hooks.md §4.1).',
  },
  DOCTOR_ASYNC_DECISION: {
    severity: 'warning',
    summary:
      'An `async` hook prints decision fields (`decision`, `permissionDecision`, `continue`): the host has already gone on, so they have no effect and the guard never blocks.',
    fix: 'Remove `async: true` so the hook can block, or drop the decision fields and keep only context (claude-code-hooks.md §4.7).',
  },
  DOCTOR_OTHER_HOST_FILE: {
    severity: 'warning',
    summary: 'The repository holds hook files of another host, which the chosen host never reads.',
    fix: 'Run doctor with that host’s --profile, or convert the file (`agent-hooks convert`) for the host you use.',
  },
  DOCTOR_HOOK_NOT_RUN: {
    severity: 'warning',
    summary:
      'A configured hook will not run: the configuration (disableAllHooks, allowManagedHooksOnly, the HTTP URL allowlist, chat.useClaudeHooks off) or trust removes it.',
    fix: 'Follow the reason given: turn the setting back on, allow the URL, or approve the project with `agent-hooks trust`.',
  },
  DOCTOR_PROBE_BANNER: {
    severity: 'error',
    summary:
      'Probe: the hook printed text before its JSON, so the host reads stdout as plain text and ignores every field of the JSON.',
    fix: 'Print nothing but the JSON object on stdout (send logs to stderr); check shell profiles that echo.',
  },
  DOCTOR_PROBE_JSON_ON_STDERR: {
    severity: 'error',
    summary: 'Probe: the hook wrote its JSON to stderr, where the host never parses it.',
    fix: 'Write the JSON object to stdout (`echo "$json"`, not `>&2`).',
  },
  DOCTOR_PROBE_EXIT2_JSON: {
    severity: 'error',
    summary:
      'Probe: the hook exits 2 with a JSON body on stdout and nothing on stderr: the block applies but the reason the model gets is empty.',
    fix: 'Exit 0 with the JSON decision and its reason, or exit 2 with the reason on stderr.',
  },
  DOCTOR_PROBE_TOP_LEVEL_DECISION: {
    severity: 'error',
    summary:
      'Probe: the hook prints `permissionDecision` at the top level of its JSON; the host reads it only inside `hookSpecificOutput`, so the decision is ignored.',
    fix: 'Nest it: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"…"}}`.',
  },
  DOCTOR_PROBE_OUTPUT_OVER_CAP: {
    severity: 'warning',
    summary:
      'Probe: the hook printed more than the host keeps (10,000 characters for Claude Code): the rest is spilled to a file and the model sees a preview.',
    fix: 'Print less: summarize, or write details to a file and print its path.',
  },
  DOCTOR_PROBE_TIMEOUT: {
    severity: 'error',
    summary:
      'Probe: the hook did not finish within its timeout; the host cancels it and uses no decision (a guard fails open).',
    fix: 'Make the hook faster, or raise its `timeout` (seconds).',
  },
  DOCTOR_PROBE_STDIN_UNREAD: {
    severity: 'warning',
    summary:
      'Probe: the hook exited without reading its input while the host sent a large one; the host may fail to write it (EPIPE) and the hook acts on no input.',
    fix: 'Read stdin to the end (`input=$(cat)`), even when the hook does not need it.',
  },
  DOCTOR_PROBE_FAILED: {
    severity: 'warning',
    summary:
      'Probe: the hook exited with a non-blocking error code on a synthetic input; the host shows an error notice and ignores its output.',
    fix: 'Run the hook by hand with the input doctor printed (`agent-hooks test --sample`) and fix the error it reports.',
  },
} as const satisfies Record<string, CodeInfo>;
