import type { CodeInfo } from './code-info.ts';

/**
 * Codes raised by the integrations that put hooks in front of other agents' tools: the AI SDK
 * wrapper (`agent-hooks/ai-sdk`) and the MCP proxy (`agent-hooks mcp-proxy`). Keys are stable:
 * never rename one, only add.
 */
export const INTEGRATION_CODES = {
  AI_SDK_INVALID_UPDATED_INPUT: {
    severity: 'warning',
    summary:
      "A hook's `updatedInput` does not match the AI SDK tool's input schema; the rewrite was discarded and the tool ran with the model's input.",
    fix: "Make the hook return the whole input in the tool's schema (updatedInput replaces it, it is not merged), or pass `invalidRewrite: 'deny'` to refuse such calls.",
  },
  AI_SDK_INVALID_UPDATED_OUTPUT: {
    severity: 'warning',
    summary:
      "A hook's `updatedToolOutput` does not match the AI SDK tool's output schema; the model saw the tool's own output.",
    fix: "Return a value in the shape of the tool's `outputSchema`, or drop the schema from the tool.",
  },
  AI_SDK_INPUT_NOT_VALIDATED: {
    severity: 'warning',
    summary:
      "The AI SDK tool's input schema carries no validator and could not be converted to one, so a hook's `updatedInput` was used unchecked.",
    fix: 'Define the tool with a zod schema, or give `jsonSchema()` a `validate` function.',
  },
  AI_SDK_ALREADY_WRAPPED: {
    severity: 'warning',
    summary:
      '`withHooks` was given a tool it had already wrapped for the same engine (e.g. `withHooks(withHooks(tools, engine), engine)`); wrapping it again would run every hook twice per call and repeat their texts, so the tool is kept as it is.',
    fix: 'Call `withHooks` once per tool set and engine.',
  },
  AI_SDK_TOOL_NOT_WRAPPED: {
    severity: 'warning',
    summary:
      'An AI SDK tool has no `execute` function (a client-side or provider-executed tool), so no hook can run around it.',
    fix: 'Give the tool an `execute` function, or dispatch PreToolUse yourself where the host runs it.',
  },
  SDK_CALLBACK_TIMEOUT: {
    severity: 'warning',
    summary:
      'A Claude Agent SDK or Copilot SDK hook callback did not answer within its timeout. On PreToolUse the call was denied and a prompt blocked (fail closed, docs/sdk-callbacks.md); elsewhere the callback had no effect.',
    fix: 'Make the callback answer sooner, give it a longer `timeout`, or return `{ async: true }` for work the agent need not wait for.',
  },
  SDK_CALLBACK_FAILED: {
    severity: 'warning',
    summary:
      "A Claude Agent SDK or Copilot SDK hook callback threw. With `onFailure: 'block'` that counted as exit 2 on its event; without it the callback had no effect.",
    fix: "Fix the callback's error; add `onFailure: 'block'` to the matcher when a failing guard must deny.",
  },
  SDK_CALLBACK_INVALID_OUTPUT: {
    severity: 'warning',
    summary:
      "A Claude Agent SDK or Copilot SDK hook callback returned something that is no hook output object. With `onFailure: 'block'` that counted as exit 2 on its event; without it the return was ignored.",
    fix: 'Return a hook output object (`{}` for no opinion), as docs/sdk-callbacks.md lists per event.',
  },
  AI_SDK_INVALID_ASK_ANSWER: {
    severity: 'error',
    summary:
      "The host's `onAsk` answered something other than `true`/`false` or `{ behavior: 'allow' | 'deny' }` (e.g. the string `'deny'`, or nothing); the call was denied rather than run on an answer that is no clear yes.",
    fix: "Return `true` or `{ behavior: 'allow', updatedInput? }` to run the call, `false` or `{ behavior: 'deny', message? }` to refuse it.",
  },
  AI_SDK_LOOP_NOT_STOPPED: {
    severity: 'error',
    summary:
      'A wrapped AI SDK tool was called in a later step after a hook ended the agent loop (`continue: false`, PreToolUse `defer`, a PermissionRequest deny with `interrupt`, a PostToolBatch block): the loop went on, so the call was refused, as Claude Code runs no tool call after such a stop.',
    fix: 'Put `hookStopWhen(engine)` in the `stopWhen` of `generateText`/`streamText`, and start each turn with `onUserPrompt` or `runWithStopHooks`, which clear the stop.',
  },
  MCP_PROXY_HOOK_FAILED: {
    severity: 'error',
    summary:
      'The MCP proxy could not dispatch a hook event: a PreToolUse failure refuses the call, a PostToolUse failure withholds the result the hooks could not screen (fail closed); other messages pass unchanged.',
    fix: "Run `agent-hooks validate` in the project the proxy reads, and check the proxy's stderr for the cause.",
  },
  MCP_PROXY_IMMEDIATE_RESPONSE_DROPPED: {
    severity: 'warning',
    summary:
      "The MCP proxy removed a task answer's `_meta` `io.modelcontextprotocol/model-immediate-response`: hosts show that text to the model as the tool's first answer, but no PostToolUse hook can screen it (they run on the task's result), so a server could pass anything by them.",
    fix: "Nothing to do for the hooks: the task's result still reaches the client, screened. A server that needs the model told something at once can say it in the task's result.",
  },
  MCP_PROXY_UNEXPECTED_RESPONSE: {
    severity: 'warning',
    summary:
      'The MCP server sent a response for a request id the proxy never sent it (or had seen answered); the response was dropped, so a server cannot answer a tool call that its PreToolUse hooks are still screening or have refused.',
    fix: 'Fix the server: it must answer each request once, with the id it received. The proxy logs the id on stderr.',
  },
  MCP_PROXY_MALFORMED_RESULT: {
    severity: 'warning',
    summary:
      "The MCP server answered a tool call without a `content` array (for a call the client did not make task-augmented, a task is no answer; nor is a task whose id another call's task holds): the proxy withheld the answer, gave the client an error result naming the problem, and ran the PostToolUseFailure hooks, so a server cannot skip the PostToolUse hooks by answering without content.",
    fix: 'Fix the server: it must answer a `tools/call` without `params.task` with a CallToolResult (a `content` array), and give each task its own id. The proxy logs the tool and what the answer held on stderr.',
  },
  MCP_PROXY_TASK_EVICTED: {
    severity: 'warning',
    summary:
      'More task-augmented tool calls awaited their `tasks/result` than the proxy keeps (docs/mcp-proxy.md); it forgot the oldest, whose result is then withheld with `MCP_PROXY_UNKNOWN_TASK` if the client fetches it.',
    fix: 'Fetch the result of each task the client starts (or cancel it) rather than leaving it open; the proxy logs the forgotten task and tool.',
  },
  MCP_PROXY_UNKNOWN_TASK: {
    severity: 'warning',
    summary:
      'The MCP server answered a `tasks/result` with the result of a task that is no tool call the proxy awaits (not created through it, its result already delivered, or forgotten with `MCP_PROXY_TASK_EVICTED`): with no call, no PostToolUse hook can run, so the client gets an error result instead.',
    fix: 'Fetch each task result once, through the proxy that made the call. The proxy logs the task id on stderr.',
  },
  MCP_PROXY_DEPENDENCY_MISSING: {
    severity: 'error',
    summary:
      'The MCP proxy needs the MCP SDK (`@modelcontextprotocol/client`, `@modelcontextprotocol/server`), an optional peer that is not installed.',
    fix: 'Install it next to agent-hooks: `npm install @modelcontextprotocol/client @modelcontextprotocol/server`.',
  },
  MCP_PROXY_SERVER_CLOSED: {
    severity: 'error',
    summary: 'The MCP server behind the proxy exited or closed its connection.',
    fix: 'Run the server command on its own to see why it stops; the proxy forwards its stderr.',
  },
  BRIDGE_BAD_INPUT: {
    severity: 'error',
    summary:
      "`agent-hooks bridge` could not read the host's payload: stdin was empty or not one JSON object, or it named no known event. No hook ran; the bridge exits 1, which each host treats as a failed hook (docs/bridge.md).",
    fix: 'Run the bridge only as a hook command (`agent-hooks bridge install` writes it); for Copilot camelCase events pass `--event <name>`.',
  },
  BRIDGE_USAGE: {
    severity: 'error',
    summary:
      '`agent-hooks bridge` was started wrongly: no `--host`, an unknown host, an unknown option or argument, a bad option value, or a `--tool-schemas` file that cannot be used. No hook ran; the bridge exits 1, which each host treats as a failed hook (docs/bridge.md).',
    fix: 'Fix the hook command (`agent-hooks bridge --help` lists the options), or write it again with `agent-hooks bridge install`.',
  },
  BRIDGE_INSTALL_FAILED: {
    severity: 'error',
    summary:
      '`agent-hooks bridge install` or `bridge uninstall` stopped at a file it could not read, merge into or write (a folder in its place, JSON it cannot merge into, a symbolic link loop or a symbolic link to nothing, a file where a folder of its path belongs, a file this user may not read or write, an unusable `--tool-schemas` file). The message names the file, and the target of a link or the file in the way. Nothing is left half done: every check runs before the first change, and a hook file written or deleted before a `.vscode/settings.json` write that failed all the same (a disk error) is taken back, as the message says. With `--json`, the document on stdout carries the error and the notes and warnings said before it.',
    fix: 'Do what the message says for the file it names (fix or move it, make it writable), then run the command again.',
  },
  BRIDGE_CONFIG_BROKEN: {
    severity: 'error',
    summary:
      'A hook file the bridge reads could not be read or has errors, and no other hook denied or blocked the event: the bridge exits 1 (a failed hook) so the problem is not silent. A deny or block from the hooks that did load still stands.',
    fix: "Run `agent-hooks validate` in the project (with `--profile` of the file's host) and fix the file it names.",
  },
  BRIDGE_DISPATCH_FAILED: {
    severity: 'error',
    summary: 'The bridge could not dispatch the event to the bridged hooks; it exits 1 (a failed hook).',
    fix: "Run the same payload through `agent-hooks run <Event> --json` with the origin's `--profile` to see the cause.",
  },
} as const satisfies Record<string, CodeInfo>;
