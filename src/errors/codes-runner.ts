import type { CodeInfo } from './code-info.ts';

/** Codes raised by the runner layer. Keys are stable: never rename one, only add. */
export const RUNNER_CODES = {
  RUNNER_SPAWN_FAILED: {
    severity: 'error',
    summary: 'A command hook could not be started (missing program, not executable, missing cwd).',
    fix: 'Check that the script exists, is executable (`chmod +x`), and that its `cwd` exists.',
  },
  RUNNER_COMMAND_NOT_FOUND: {
    severity: 'error',
    summary: 'The program or script a command hook names does not exist (not on PATH, or no such file).',
    fix: 'Install the program or fix the path; relative paths resolve against the hook `cwd` (default: project root).',
  },
  RUNNER_NOT_EXECUTABLE: {
    severity: 'error',
    summary: 'A command hook names a file that is not executable.',
    fix: 'Run `chmod +x` on the script, or call it through its interpreter (`bash script.sh`, `node script.js`).',
  },
  RUNNER_INTERPRETER_NOT_FOUND: {
    severity: 'error',
    summary:
      "The interpreter a hook needs (its script's `#!` line, or the configured shell) is not installed.",
    fix: 'Install the interpreter or fix the `#!` line of the script (e.g. `#!/usr/bin/env python3`).',
  },
  RUNNER_MISSING_CWD: {
    severity: 'error',
    summary: "A command hook's working directory does not exist.",
    fix: 'Create the directory or fix `cwd` (relative paths resolve against the project root).',
  },
  RUNNER_NO_COMMAND: {
    severity: 'error',
    summary: 'A command hook has no command for this operating system.',
    fix: 'Add `command` (or the OS-specific key: `bash`, `powershell`, `linux`, `osx`, `windows`).',
  },
  RUNNER_STDIN_FAILED: {
    severity: 'error',
    summary: "The hook's input could not be prepared (temporary file not writable).",
    fix: 'Check that the temporary directory (TMPDIR) exists, is writable and is not full.',
  },
  RUNNER_TIMEOUT: {
    severity: 'warning',
    summary:
      "A hook ran past its timeout and was stopped; a command hook's whole process tree is terminated (SIGTERM, then SIGKILL).",
    fix: 'Make the hook faster, run it with `async: true`, or raise its `timeout` (seconds).',
  },
  RUNNER_CANCELLED: {
    severity: 'info',
    summary:
      "A hook was cancelled before it finished (the dispatch was aborted or the engine closed); a command hook's whole process tree is terminated.",
    fix: 'Nothing to fix: the action the hook belonged to was cancelled.',
  },
  RUNNER_OUTPUT_TRUNCATED: {
    severity: 'warning',
    summary: "A hook's stdout or stderr exceeded the output cap (default 10 MiB) and was truncated.",
    fix: 'Print less, or write large data to a file and print its path.',
  },
  RUNNER_SHELL_SYNTAX_ERROR: {
    severity: 'warning',
    summary:
      "A command string is bash, but Claude Code and VS Code run it with `/bin/sh -c` (dash on Debian and Ubuntu): the shell could not parse it and its exit 2 blocks like a hook's.",
    fix: 'Set `"shell": "bash"` on the handler (Claude Code; VS Code has no such key: run `bash -c …` or a #!/bin/bash script there), or rewrite the command in POSIX sh (`<<<` → `printf \'%s\' "$X" |`, `[[` → `[`).',
  },
  RUNNER_DESCENDANT_ESCAPED: {
    severity: 'warning',
    summary:
      "A process a command hook started left the hook's process tree (a double-forked daemon, or setsid after its parent exited) and still holds the hook's output; the engine cannot find or end it.",
    fix: 'Let the hook end what it starts, or start long-lived services outside hooks (systemd, a supervisor).',
  },
  RUNNER_OUTPUT_AFTER_EXIT: {
    severity: 'warning',
    summary:
      "A process a command hook started kept writing to the hook's stdout or stderr after the hook exited; the engine stopped reading after a bounded drain (600 ms by default), so the rest of that output is not in the result.",
    fix: 'Send the output of background processes elsewhere (`cmd >/dev/null 2>&1 &`), or let the hook wait for them.',
  },
  RUNNER_INPUT_ENV_TOO_LARGE: {
    severity: 'info',
    summary:
      'A variable derived from the input was not set because it is too large (CLAUDE_HOOK_INPUT over 64 KiB, TOOL_INPUT_FILE_PATH over 4096 bytes), or was dropped because the environment hit the kernel limit (E2BIG); the full input is on stdin.',
    fix: 'Read the input from stdin (`jq . < /dev/stdin`) instead of `$CLAUDE_HOOK_INPUT` or `$TOOL_INPUT_FILE_PATH`.',
  },
  RUNNER_INPUT_ENV_INVALID: {
    severity: 'warning',
    summary:
      'A variable derived from the input (TOOL_INPUT_FILE_PATH) was not set because its value contains a NUL byte, which no environment variable can hold; the hook still ran, and the full input is on stdin.',
    fix: 'Read the input from stdin (`jq . < /dev/stdin`) instead of `$TOOL_INPUT_FILE_PATH`; a path with a NUL byte is no real file path, so a guard may refuse it.',
  },
  RUNNER_HTTP_INVALID_REQUEST: {
    severity: 'error',
    summary: 'An HTTP hook request could not be built: the URL is not an http(s) URL or a header is invalid.',
    fix: 'Fix the hook `url` (absolute http:// or https://) and its `headers` (names and values must be valid HTTP).',
  },
  RUNNER_HTTP_CONNECTION_FAILED: {
    severity: 'error',
    summary:
      'An HTTP hook endpoint could not be reached (name not resolved, connection refused or reset, TLS error).',
    fix: 'Check that the server is running and reachable from this machine, and that its certificate is valid.',
  },
  RUNNER_HTTP_STATUS: {
    severity: 'error',
    summary: 'An HTTP hook endpoint answered with a status outside 2xx; this is a non-blocking error.',
    fix: 'Make the endpoint answer 2xx with an empty body or a hook JSON object; see its logs for the failure.',
  },
  RUNNER_HTTP_REDIRECT: {
    severity: 'error',
    summary: 'An HTTP hook endpoint answered with a redirect; redirects are never followed.',
    fix: 'Configure the final URL (the `Location` in the message) as the hook `url`.',
  },
  RUNNER_HTTP_BAD_BODY: {
    severity: 'error',
    summary: 'An HTTP hook answered 2xx with a body that is neither empty nor a JSON object; it is ignored.',
    fix: 'Answer with an empty body or a JSON object such as `{"decision":"block","reason":"..."}`.',
  },
  RUNNER_HTTP_BODY_TOO_LARGE: {
    severity: 'error',
    summary: 'An HTTP hook response body exceeded the cap (default 10 MiB) and was discarded.',
    fix: 'Answer with a small JSON object; put large data elsewhere and reference it.',
  },
  RUNNER_HTTP_HEADER_VARS_UNSET: {
    severity: 'warning',
    summary:
      'An HTTP hook header uses allowed environment variables that are not set; each was replaced by an empty string.',
    fix: 'Set the variables named in the message in the environment of the agent (or of `agent-hooks run`).',
  },
  RUNNER_MODEL_NOT_CONFIGURED: {
    severity: 'error',
    summary: 'A prompt or agent hook has no usable model: no provider, model name or API key is configured.',
    fix: 'Set AGENT_HOOKS_MODEL (e.g. `anthropic:claude-haiku-4-5`) and ANTHROPIC_API_KEY, or OPENAI_API_KEY / OPENAI_BASE_URL (local servers need only the base URL).',
  },
  RUNNER_MODEL_BAD_REF: {
    severity: 'error',
    summary:
      'A model reference (`create --model`) names a provider agent-hooks does not know, or no model after the provider.',
    fix: 'Write `anthropic:<model>`, `openai:<model>` (also for local OpenAI-compatible servers) or a bare model id, e.g. `--model anthropic:claude-haiku-4-5`.',
  },
  RUNNER_MODEL_UNAVAILABLE: {
    severity: 'error',
    summary:
      'The AI SDK (`ai`, `@ai-sdk/anthropic`, `@ai-sdk/openai-compatible`) needed by prompt and agent hooks is not installed.',
    fix: 'Install the optional peer dependencies the message names next to agent-hooks (`npm install ai @ai-sdk/anthropic` or `npm install ai @ai-sdk/openai-compatible`).',
  },
  RUNNER_MODEL_REQUEST_FAILED: {
    severity: 'error',
    summary:
      'The model call of a prompt or agent hook failed (network error, non-2xx answer, refused endpoint, an answer over 10 MiB, which is not read further).',
    fix: 'Check the base URL, API key and model name; the message carries the provider error.',
  },
  RUNNER_MODEL_ABORTED: {
    severity: 'info',
    summary: 'The model call of a prompt or agent hook was aborted before it answered.',
    fix: 'Nothing to fix when the action was cancelled; otherwise raise the hook `timeout`.',
  },
  RUNNER_MODEL_BAD_OUTPUT: {
    severity: 'error',
    summary:
      'A prompt hook model answered with text that is not JSON or does not match `{ok, reason?, impossible?}`.',
    fix: 'Use a model that supports structured output, or make the prompt ask for exactly that JSON object.',
  },
  RUNNER_AGENT_NO_PROJECT_DIR: {
    severity: 'error',
    summary:
      'An agent hook could not start because the project directory its tools are confined to does not exist.',
    fix: 'Run the hook from an existing project directory (`--cwd`).',
  },
  RUNNER_AGENT_NO_VERDICT: {
    severity: 'warning',
    summary:
      'An agent hook ended without calling StructuredOutput (it stopped, or ran out of turns); the run counts as cancelled and has no effect.',
    fix: 'Make the prompt ask for a verdict through StructuredOutput, or use a model that follows tool instructions.',
  },
  RUNNER_AGENT_TOOL_TIMEOUT: {
    severity: 'warning',
    summary:
      "An agent hook's Grep ran past its own time limit (10 s) and was stopped, its search thread terminated (a regular expression that backtracks without end); the model gets this code as the tool's error and may try again. At the hook's own timeout the hook ends with RUNNER_TIMEOUT.",
    fix: 'Nothing to fix in the configuration; if the hook times out, make its prompt ask for simpler searches or raise its `timeout`.',
  },
  RUNNER_AGENT_TOOL_NOT_A_FILE: {
    severity: 'warning',
    summary:
      "An agent hook's Read refused a path that is not a regular file (a directory, a named pipe, a device, a socket), which could block or never end; Grep skips such files and says how many. The model gets this code as the tool's error.",
    fix: 'Nothing to fix in the configuration: the model should read regular files only.',
  },
  RUNNER_AGENT_TOOL_LIMIT: {
    severity: 'info',
    summary:
      "An agent hook's tool stopped at one of its limits and told the model so: Read at 32 KiB of text per call or 256 MiB scanned, Glob (and the listing Grep searches) at 50,000 directory entries or 10 s, Grep at 5,000 files, 32 MiB read or 200 matches, any output at 30,000 characters.",
    fix: 'Nothing to fix: the model can narrow its search (a path, a glob) or read on with `offset`.',
  },
  RUNNER_MCP_NOT_CONNECTED: {
    severity: 'error',
    summary:
      'The MCP server an `mcp_tool` hook names is not configured, could not be started or is not reachable, or the MCP client package is not installed.',
    fix: "Add the server to the project's `.mcp.json` (or the engine's `mcp` option) and check that it starts; when the message says so, `npm install @modelcontextprotocol/client`.",
  },
  RUNNER_MCP_CALL_FAILED: {
    severity: 'error',
    summary:
      'The MCP server rejected an `mcp_tool` hook call (unknown tool, invalid arguments, protocol error), or sent a message over 10 MiB, which is not read further (the connection is closed).',
    fix: 'Check the hook `tool` name and `input` against the tools the server lists; keep tool answers small.',
  },
  RUNNER_MCP_TOOL_ERROR: {
    severity: 'error',
    summary: 'The tool called by an `mcp_tool` hook returned `isError: true`; this is a non-blocking error.',
    fix: 'See the tool error text in the message; use `onFailure: "block"` if the action must not proceed.',
  },
  RUNNER_MCP_STRUCTURED_CONTENT_IGNORED: {
    severity: 'warning',
    summary:
      "An `mcp_tool` hook result held `structuredContent` and no text: only text content is the hook's output (claude-code-hooks.md §4.4), so the structured answer decided nothing.",
    fix: 'Return the hook JSON as a text block too (MCP asks tools to serialize structuredContent into a text block).',
  },
  RUNNER_MCP_CONTENT_IGNORED: {
    severity: 'info',
    summary:
      'An `mcp_tool` hook result held content blocks other than text (images, resources); only text is read as the hook output.',
    fix: 'Return the hook output as a text block (claude-code-hooks.md §4.4).',
  },
} as const satisfies Record<string, CodeInfo>;
