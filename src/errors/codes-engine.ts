import type { CodeInfo } from './code-info.ts';

/** Codes raised by the engine layer. Keys are stable: never rename one, only add. */
export const ENGINE_CODES = {
  ENGINE_CLOSED: {
    severity: 'error',
    summary: 'dispatch() was called after the engine was closed.',
    fix: 'Create a new engine with createHookEngine(), or stop dispatching before close().',
  },
  ENGINE_INVALID_SESSION_HOOK: {
    severity: 'error',
    summary:
      'addSessionHook() was given a hook that is not valid as a Claude settings entry, or (under the vscode profile) one VS Code would skip in a Claude settings file: a type other than command, or an event it does not run from such a file (other-agents-hooks.md §2.4).',
    fix: "Pass an entry as a settings file spells it, e.g. { type: 'command', command: './verify-output.sh' }; under the vscode profile a command hook on an event VS Code runs. The message lists each problem.",
  },
  ENGINE_NO_FRONTMATTER_HOOKS: {
    severity: 'error',
    summary: 'registerFrontmatterHooks() named a file from which no frontmatter hooks were loaded.',
    fix: 'Check the path with `agent-hooks list`; the file must be a discovered skill or agent markdown file with a `hooks:` block.',
  },
  ENGINE_OUTPUT_CONFLICT: {
    severity: 'warning',
    summary:
      "Two handlers rewrote the same thing (updatedInput, updatedToolOutput); the later one in configured order won. Or two blocked a VS Code PostToolUse, where only the first hook's block is read (other-agents-hooks.md §2.5).",
    fix: 'Let only one hook rewrite a given tool input or output, or block a given tool call, or narrow their matchers so they do not overlap.',
  },
  ENGINE_OUTPUT_IGNORED: {
    severity: 'warning',
    summary:
      "Part of a hook's output was ignored: a wrong shape, a field on the wrong event, or a near miss.",
    fix: 'Follow the message: it names the field and the shape the host reads (see docs/decisions.md).',
  },
  ENGINE_STOP_CAP_REACHED: {
    severity: 'warning',
    summary:
      'A Stop/SubagentStop block was overridden: the hooks had already blocked the agent from stopping as many times in a row as the loop cap allows (8; `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` under Claude Code, the engine option `stopBlockCap`), so the agent stops, as Claude Code does (claude-code-hooks.md §2.18) and Copilot CLI (other-agents-hooks.md §1.5). Under the vscode profile too, although VS Code has no such cap: the engine keeps it so that a Stop hook cannot keep the agent going forever, and the message says so. The count is per session (and subagent) and starts over after a Stop that does not block, or at a new prompt.',
    fix: 'Make the Stop hook let the agent stop once what it waits for cannot happen (it gets `stop_hook_active: true` while the agent goes on because of a block), or raise the cap.',
  },
  ENGINE_INVALID_UPDATED_INPUT: {
    severity: 'error',
    summary:
      "A hook's updatedInput (Copilot modifiedArgs) does not match the tool's input schema given to the engine (`toolInputSchemas`, `--tool-schemas` of run, test and bridge); the rewrite was discarded, the decision stands and the tool runs with its original input, as VS Code ignores such an updatedInput (a documented fail-open); with `invalidRewrite: 'deny'` (`--invalid-rewrite deny`) the call is denied instead.",
    fix: "Make the hook return the whole input in the tool's schema (updatedInput replaces it, it is not merged); the message names the failing field.",
  },
  ENGINE_TOOL_SCHEMA_UNSUPPORTED: {
    severity: 'warning',
    summary:
      "The input schema given for a tool cannot be read as a JSON Schema (an unresolved $ref, an unknown type), so a hook's updatedInput for that tool was used unchecked.",
    fix: 'Fix that schema in `toolInputSchemas` or the `--tool-schemas` file; the message says what could not be read.',
  },
  ENGINE_RUNNER_FAILED: {
    severity: 'error',
    summary: 'A handler runner failed unexpectedly; the run is reported as a non-blocking error.',
    fix: 'Check the handler configuration; if it looks right, report the message as a bug.',
  },
  ENGINE_TIMEOUT_CLAMPED: {
    severity: 'warning',
    summary:
      "A handler's timeout was beyond what Node timers can hold (2,147,483,647 ms) or not a number; it ran with that limit instead of being killed after 1 ms.",
    fix: 'Give the handler a timeout of at most 2147483 seconds.',
  },
  ENGINE_SPILL_REFUSED: {
    severity: 'warning',
    summary:
      "A hook text over the context cap could not be spilled to a file (the spill folder is not this user's private folder, the disk is full, a file size limit): the model got the 2,000-character preview and the reason; the decision is unchanged.",
    fix: 'Read the reason: remove or fix the folder it names, free disk space, or set the engine option spillDir to a private folder.',
  },
  ENGINE_SPILL_NOT_DELETED: {
    severity: 'warning',
    summary:
      "At SessionEnd the session's spilled output could not be deleted: its folder is not this user's private folder, or the file system refused.",
    fix: 'Read the reason; remove the folder named in it yourself. Folders idle for a day are swept at the next engine start.',
  },
  ENGINE_INPUT_TOO_DEEP: {
    severity: 'warning',
    summary:
      'The event input is nested deeper than 512 levels (or holds a cycle); hooks ran with the deeper parts replaced by a marker string instead of the dispatch failing.',
    fix: 'Nothing to fix in the configuration; a host or model sent an absurdly nested input.',
  },
  ENGINE_OUTPUT_TOO_DEEP: {
    severity: 'error',
    summary:
      "A hook's JSON output is nested deeper than 512 levels; it is the hook's invalid output (a failure its onFailure policy decides), never the dispatch's.",
    fix: 'Print a flat JSON object from the hook.',
  },
  ENGINE_WATCH_WITHOUT_DISCOVERY: {
    severity: 'error',
    summary: 'engine.watch() was called on an engine created with `discover: false`.',
    fix: 'Create the engine with discovery on (the default) to watch its configuration files.',
  },
  ENGINE_INVALID_OPTION: {
    severity: 'error',
    summary: 'createHookEngine() was given an option value it does not know (e.g. `invalidRewrite`).',
    fix: 'Use one of the values the message lists (docs/library.md describes each option).',
  },
  ENGINE_UNKNOWN_EVENT: {
    severity: 'error',
    summary: 'An event name was not recognised in any dialect.',
    fix: 'Use a canonical name such as `PreToolUse`, or a dialect spelling such as `preToolUse`.',
  },
} as const satisfies Record<string, CodeInfo>;
