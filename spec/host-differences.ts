import type { ProfileName } from '../src/model/profile-name.ts';

/**
 * Where a seed (the documentation the project started from) and the newer host behaviour
 * disagree, the engine follows the host (PROJECT.md "Exact host fidelity"). Each row names the
 * test that checks the engine's side; test/engine/host-differences.test.ts verifies that the
 * test exists. docs/host-differences.md is rendered from these rows.
 */
export interface HostDifference {
  profile: ProfileName;
  topic: string;
  /** What the seed or the older reference says. */
  seed: string;
  /** What the host was observed (or the newer reference says) to do: the engine does this. */
  host: string;
  /** Where the host behaviour is recorded. */
  source: string;
  /** `file › test name` of the test that checks the engine's behaviour. */
  test: string;
}

const P = 'copilot-cli' as const;
const V = 'vscode' as const;
const OBSERVED = 'copilot-cli-observed.md';
/** Facts seen by running the real Copilot CLI 1.0.102 the same way, not yet in copilot-cli-observed.md. */
const RUN =
  'a run of Copilot CLI 1.0.102 set up as copilot-cli-observed.md "Running it offline" (2026-12-02)';

export const HOST_DIFFERENCES: readonly HostDifference[] = [
  {
    profile: P,
    topic: 'userPromptSubmitted `modifiedPrompt`',
    seed: 'seed 003 and other-agents-hooks.md §1.7: the prompt can be rewritten by SDK callbacks only',
    host: 'honoured from command hooks: the prompt is replaced',
    source: `${OBSERVED} "What the host does with the output"`,
    test: 'test/engine/copilot-answers.test.ts › modifiedPrompt replaces the prompt',
  },
  {
    profile: P,
    topic: 'postToolUse `modifiedResult`',
    seed: 'seed 003: "can replace the successful result (SDK hooks only)"',
    host: 'honoured from command hooks: the tool message is replaced',
    source: `${OBSERVED} "What the host does with the output"`,
    test: 'test/engine/copilot-answers.test.ts › postToolUse modifiedResult from a command hook',
  },
  {
    profile: P,
    topic: 'postToolUse `modifiedResult` with `resultType: "failure"`',
    seed: 'other-agents-hooks.md §1.5: a failure-type `modifiedResult` re-routes to the failure path (postToolUseFailure fires)',
    host: 'the tool message is replaced and postToolUseFailure does not fire; the engine returns the result in `updatedToolOutput` and signals no failure path',
    source: `${OBSERVED} "What the host does with the output"`,
    test: 'test/cli/run-copilot-texts.test.ts › modifiedResult of failure type replaces the tool message',
  },
  {
    profile: P,
    topic: 'userPromptSubmitted and sessionStart output',
    seed: 'seed 003 "Hook-Ereignisse": output not processed',
    host: "`additionalContext` is honoured: after the prompt and a blank line inside `<system_reminder>`, only the last hook's (userPromptSubmitted, placement `after-prompt`); as a separate user message before the prompt, several joined by a blank line (sessionStart, placement `user-message`; plain stdout is ignored)",
    source: `${OBSERVED} "What the host does with the output"; ${RUN}`,
    test: 'test/engine/copilot-answers.test.ts › context follows in <system_reminder>',
  },
  {
    profile: P,
    topic: 'userPromptSubmitted `decision: "block"`',
    seed: 'seed 003 "Hook-Ereignisse": userPromptSubmitted output is not processed',
    host: 'the prompt is blocked: the model is not called, the user sees the reason alone as a warning (`! <reason>`), `copilot -p` exits 1',
    source: RUN,
    test: 'test/cli/run-copilot-texts.test.ts › userPromptSubmitted decision:block',
  },
  {
    profile: P,
    topic: 'order of `.github/hooks/*.json` files',
    seed: 'seed 003: hooks of one type run in order (the file order is not given); other-agents-hooks.md §1.2: alphabetical',
    host: 'files run in descending file-name order (`z, m, a, B, 9, 10`)',
    source: `${OBSERVED} "How hooks are started"`,
    test: 'test/engine/copilot-runtime.test.ts › descending file-name order',
  },
  {
    profile: P,
    topic: 'preToolUse deny and the remaining hooks',
    seed: 'seed 003: if any preToolUse hook returns deny, the tool is blocked (all hooks run)',
    host: 'a deny stops the remaining hooks of the event',
    source: `${OBSERVED} "How hooks are started"`,
    test: 'test/engine/copilot-runtime.test.ts › a deny stops the remaining hooks',
  },
  {
    profile: P,
    topic: 'preToolUse exit 2',
    seed: 'other-agents-hooks.md §1.5: exit 2 denies with stderr as the reason',
    host: "denied with `hook exited with code 2`; stderr is not shown to the model; exit 2 beats a stdout allow; a reason in the stdout JSON, whatever its decision, is the denial's (the stdout JSON is merged with the deny)",
    source: `${OBSERVED} "What the host does with the output"; ${RUN}`,
    test: 'test/engine/copilot-runtime.test.ts › preToolUse exit 2 denies',
  },
  {
    profile: P,
    topic: 'preToolUse `additionalContext`',
    seed: 'seed 003 "Hook-Ereignisse": preToolUse output can allow, deny or modify (no context)',
    host: "when the tool runs, the hooks' context is a user message after the tool message: `Additional context from preToolUse hook:\n<c>` (several joined by a blank line; placement `user-message`)",
    source: RUN,
    test: 'test/cli/run-copilot-texts.test.ts › preToolUse additionalContext: one user message after the tool message',
  },
  {
    profile: P,
    topic: 'preToolUse `ask` with no person to answer',
    seed: 'seed 003 and other-agents-hooks.md §1.5: `ask` asks the user through the hook-permission prompt; no wording for `-p`',
    host: 'denied, the tool message saying so: `Denied by preToolUse hook (unable to ask user for confirmation): <reason>`',
    source: RUN,
    test: 'test/cli/run-copilot-texts.test.ts › preToolUse ask with no person to answer',
  },
  {
    profile: P,
    topic: 'postToolUse `additionalContext`',
    seed: 'seed 003 "Hook-Ereignisse": postToolUse output can only replace the result (SDK hooks only)',
    host: 'a command hook\'s `additionalContext` is appended to the tool message after a blank line: `Tool "bash" succeeded. Additional guidance from postToolUse hooks:\n<c>` (placement `appended-to-tool-result`; several hooks\' contexts joined by a blank line)',
    source: `${OBSERVED} "What the host does with the output"; ${RUN}`,
    test: 'test/cli/run-copilot-texts.test.ts › postToolUse: one guidance text appended to the tool message',
  },
  {
    profile: P,
    topic: 'hook errors',
    seed: 'seed 003: hook errors (non-zero exits, timeouts) are logged and skipped, they never block the agent',
    host: 'preToolUse fails closed on exit 1 (`… (hook errored)`); a timeout fails open',
    source: `${OBSERVED} "What the host does with the output"`,
    test: 'test/engine/copilot-runtime.test.ts › preToolUse exit 1 fails closed',
  },
  {
    profile: P,
    topic: 'camelCase `toolArgs`',
    seed: 'seed 003 types `toolArgs` as `unknown`; other-agents-hooks.md §1.3: older docs listed it as a JSON string',
    host: "`toolArgs` is an object (the tool's arguments); the engine renders an object and still accepts a JSON string in an input",
    source: `${OBSERVED} "Payloads"`,
    test: 'test/cli/run.test.ts › shaped as the host sends it (toolArgs an object)',
  },
  {
    profile: P,
    topic: 'permissionRequest payload',
    seed: 'seed 003: camelCase keys give camelCase payloads, PascalCase keys snake_case ones',
    host: 'permissionRequest ignores the dialect: camelCase with `hookName`, `toolInput`, `permissionSuggestions` under either key',
    source: `${OBSERVED} "Payloads"`,
    test: 'test/engine/copilot-answers.test.ts › the payload is camelCase',
  },
  {
    profile: P,
    topic: 'how a hook is started',
    seed: 'seed 003: `bash` is the shell command for Unix',
    host: '`/bin/bash --norc --noprofile -c`, stdin without a trailing newline, `COPILOT_CLI=1`, `COPILOT_PROJECT_DIR`, `COPILOT_HOOK_DIR`, `CLAUDE_PROJECT_DIR`',
    source: `${OBSERVED} "How hooks are started"`,
    test: 'test/engine/copilot-runtime.test.ts › starts hooks as /bin/bash --norc --noprofile -c',
  },
  {
    profile: P,
    topic: 'repository hooks and folder trust',
    seed: 'seed 003 and other-agents-hooks.md §1.2: repository `.github/hooks/*.json` files are loaded (trust is named only for policy hooks, which ignore it)',
    host: 'repository hooks load only in a trusted folder (`trustedFolders` in `~/.copilot/settings.json`, `--trust-folder`, `COPILOT_ALLOW_ALL=true`); elsewhere they are silently not loaded, and the engine reports each in `skipped`',
    source: `${OBSERVED} "Running it offline"`,
    test: 'test/engine/copilot-trust.test.ts › an untrusted folder runs no repository hook',
  },
  {
    profile: V,
    topic: 'PreCompact output',
    seed: 'Claude Code (claude-code-hooks.md §3.3): a PreCompact block stops the compaction',
    host: 'VS Code reads the common output only: a `decision: "block"` is ignored',
    source: 'seed 000 "PreCompact", other-agents-hooks.md §2.5',
    test: 'test/engine/ignored-output.test.ts › a decision:block is ignored',
  },
  {
    profile: V,
    topic: 'common payload field names',
    seed: 'seed 000 "common input fields": `sessionId` and `hookEventName` (camelCase), beside `timestamp`, `cwd` and `transcript_path`',
    host: "VS Code's hook service sends `session_id` and `hook_event_name` (snake_case). VS Code-dialect payloads carry the host's names first, in its order (`timestamp`, `hook_event_name`, `session_id`, `transcript_path`, `cwd`), then the documented `sessionId` and `hookEventName` with the same values, so a hook written against either reads its field; the bridge reads either spelling from a VS Code host",
    source: 'other-agents-hooks.md §2.5 ("Discrepancy")',
    test: 'test/bridge/bridge-vscode-payload.test.ts › a VS Code hook reading session_id and hook_event_name sees them',
  },
  {
    profile: V,
    topic: 'Stop/SubagentStop block placement',
    seed: 'seed 000 "SubagentStop 輸出": a top-level `{"decision": "block", "reason": …}` (its Stop example nests the block in `hookSpecificOutput`)',
    host: 'VS Code\'s hook service reads a Stop or SubagentStop block only from `hookSpecificOutput.decision: "block"` with a non-empty `hookSpecificOutput.reason` (or exit 2, stderr the reason); a top-level `decision` is not read. The engine ignores a VS Code-dialect hook\'s top-level `decision` there, and a nested block without a reason, each with a warning on the hook (ENGINE_OUTPUT_IGNORED) that says to put decision and reason inside hookSpecificOutput',
    source: 'other-agents-hooks.md §2.5 ("Per-event aggregation")',
    test: 'test/engine/vscode-output.test.ts › a top-level decision:block on SubagentStop (the seed 000 example) is ignored with the fix',
  },
  {
    profile: V,
    topic: 'SessionStart/SubagentStart stop requests and exit 2',
    seed: 'seed 000 "common output format": `continue: false` stops the whole agent session, on every hook; exit 2 is the simplest way to block an operation',
    host: "on SessionStart and SubagentStart VS Code's hook service ignores errors and stop requests: `continue: false`, `stopReason` and exit 2 change nothing, the session goes on, the remaining hooks run and every hook's `additionalContext` is kept. The engine ignores them there too, each with a warning on the hook (ENGINE_OUTPUT_IGNORED) naming the fix, block the prompt from a UserPromptSubmit hook; exit 2's stderr is not shown. Other exit codes stay non-blocking warnings, shown as on every event",
    source:
      'other-agents-hooks.md §2.5 ("Per-event aggregation"; `ChatHookService.executeHook`: `stopReason` aborts "unless the event ignores errors")',
    test: 'test/engine/vscode-output.test.ts › continue:false and stopReason are ignored, the session goes on, the next hook runs',
  },
];

/**
 * Points the fidelity issue asked to check against both the seed and the newer reference where the
 * two turned out to agree: the engine does what both say. Same shape; `host` is the shared rule.
 */
export const HOST_AGREEMENTS: readonly HostDifference[] = [
  {
    profile: P,
    topic: 'permission kinds `read` and `hook`',
    seed: 'seed 003: read-only and hook permission requests are settled by the host before permissionRequest hooks run',
    host: 'no permissionRequest hook runs for kind `read` or `hook`; each hook that would have matched is in `skipped` with the reason (other-agents-hooks.md and copilot-cli-observed.md say nothing that differs)',
    source: 'seed 003',
    test: 'test/cli/run-permission-kind.test.ts › no hook runs, each appears in skipped with the reason',
  },
  {
    profile: V,
    topic: 'conflicting `updatedInput` from workspace and user hooks',
    seed: 'seed 000: workspace hooks take precedence over user hooks for the same event',
    host: "every hook runs (other-agents-hooks.md §2.2: VS Code appends them, so precedence is their order); on conflicting `updatedInput` the workspace hook's wins and the conflict is reported",
    source: 'seed 000, other-agents-hooks.md §2.2',
    test: 'test/engine/vscode-precedence.test.ts › the workspace hook wins over the user hook, and the conflict is reported',
  },
  {
    profile: V,
    topic: 'PreToolUse decision fields',
    seed: 'seed 000 "PreToolUse 輸出": `hookSpecificOutput.permissionDecision`, the most restrictive winning (deny, then ask, then allow); no top-level `decision`',
    host: 'only `hookSpecificOutput.permissionDecision` decides (other-agents-hooks.md §2.5: deny > ask > allow, invalid strings ignored with a warning; exit 2 denies with stderr). A VS Code-dialect hook\'s top-level `decision` (Claude\'s deprecated `"block"`/`"approve"`) and a `permissionDecision` other than deny, ask or allow (Claude\'s `defer` among them) are ignored, each with a warning on the hook (ENGINE_OUTPUT_IGNORED) naming the fix, use hookSpecificOutput.permissionDecision',
    source: 'seed 000, other-agents-hooks.md §2.5 ("Per-event aggregation")',
    test: "test/engine/vscode-output.test.ts › a top-level decision (Claude's deprecated block or approve) is ignored, and the hook is told the fix",
  },
  {
    profile: V,
    topic: 'background (async) hooks',
    seed: 'seed 000 "掛鉤命令屬性": a hook is a `type: "command"` entry with command, OS overrides, cwd, env and timeout; no background form',
    host: 'VS Code waits for every hook (other-agents-hooks.md §2.5; §7.1 "Async / background": not supported). A VS Code-format hook is never backgrounded: an `async`/`asyncRewake` key in its file is a CONFIG_UNSUPPORTED_BY_HOST warning, and an `async`/`asyncTimeout` in its output or a first line `{"async": true}` is ignored with a warning on the hook (ENGINE_OUTPUT_IGNORED); the hook runs to its end',
    source: 'seed 000, other-agents-hooks.md §2.5, §7.1',
    test: 'test/engine/vscode-no-background.test.ts › a first line {"async":true} does not background a VS Code hook',
  },
  {
    profile: V,
    topic: "Claude Code's other handler keys (`args`, `shell`, `if`, `once`, `statusMessage`, `onFailure`)",
    seed: 'seed 000 "掛鉤設定格式": VS Code uses the same hook format as Claude Code for compatibility; "掛鉤命令屬性": a hook is a `type: "command"` entry with command, OS overrides, cwd, env and timeout',
    host: 'VS Code keeps only command, the OS keys, cwd, env and timeout (other-agents-hooks.md §2.4 `normalizeHookCommand`) and runs `spawn(command, [], {shell: true})` (§2.5). Each other Claude key, in a Claude-format or VS Code file, is a CONFIG_UNSUPPORTED_BY_HOST warning at the key saying what VS Code does instead and the fix, and the engine runs the hook as VS Code does: `command` alone through /bin/sh without `args`, no `shell` choice, no `if` filter, every time (`once`), no `onFailure` (only exit 2 blocks)',
    source: 'seed 000, other-agents-hooks.md §2.3–§2.5, §7.1',
    test: 'test/engine/vscode-claude-keys.test.ts › "args": VS Code runs "command" alone through /bin/sh',
  },
  {
    profile: V,
    topic:
      "Claude Code's policy keys in a Claude-format file (`allowManagedHooksOnly`, `allowedHttpHookUrls`, `httpHookAllowedEnvVars`)",
    seed: "seed 000: VS Code reads hook settings from .claude/settings.json, .claude/settings.local.json and ~/.claude/settings.json and parses Claude Code's hook format; it names no policy key",
    host: 'VS Code honours only `disableAllHooks` in a Claude file (other-agents-hooks.md §2.4 step 7), so the URL and environment allow-lists and `allowManagedHooksOnly` are not enforced. The engine does not apply them under vscode either, and each is a CONFIG_UNSUPPORTED_BY_HOST warning at the key saying the restriction is not in force under VS Code and what to do instead',
    source: 'seed 000, other-agents-hooks.md §2.4 step 7',
    test: 'test/engine/vscode-claude-policy.test.ts › allowedHttpHookUrls does not stop an http hook under vscode, as under VS Code; Claude Code stops it',
  },
  {
    profile: V,
    topic: "Claude nested hook groups in a custom agent's frontmatter (`.github/agents/*.agent.md`)",
    seed: 'seed 000 "代理程式作用域掛鉤": the agent frontmatter `hooks` field has the same structure as a hook file; VS Code parses Claude\'s format but ignores matcher values',
    host: "VS Code reads an agent's hooks as a hook file's, direct entries or Claude nested groups (other-agents-hooks.md §2.3), discarding the matcher and every non-command type (§2.4 step 3) and keeping only its own command keys (step 4). The engine reads them so under vscode: the matcher is ignored (info), `args`, `if` and the other Claude-only keys are CONFIG_UNSUPPORTED_BY_HOST warnings and not applied, an http hook is skipped with a warning",
    source: 'seed 000, other-agents-hooks.md §2.3–§2.4',
    test: 'test/engine/vscode-agent-hooks.test.ts › the matcher and "if" are ignored, "args" dropped and the http hook skipped; Claude Code reads them all',
  },
  {
    profile: V,
    topic: 'JSON on stdout with exit 2',
    seed: 'seed 000 "選擇如何傳回資料": exit 2 is the simplest way to block; the hook\'s stderr is shown to the model as context, no JSON output needed',
    host: "VS Code parses stdout only on exit 0 (other-agents-hooks.md §2.5 `NodeHookExecutor.executeCommand`): exit 2 is a blocking error carrying stderr, any other code a non-blocking warning. A JSON object a VS Code-dialect hook prints before a non-zero exit (an additionalContext, a permissionDecision and its reason, a Stop block reason) decides nothing: it is ignored with a warning on the hook (ENGINE_OUTPUT_IGNORED) naming the fix, exit 0; exit 2's reason is stderr. Claude Code, which reads the JSON on every exit code (claude-code-hooks.md §3.2), is unchanged",
    source: 'seed 000, other-agents-hooks.md §2.5',
    test: 'test/engine/vscode-exit-stdout.test.ts › PreToolUse: exit 2 denies with stderr; the JSON reason and context are ignored',
  },
  {
    profile: V,
    topic: "the terminal tool's name",
    seed: "other-agents-hooks.md §2.6 (Claude compatibility FAQ) lists `runTerminalCommand` among VS Code's tool names",
    host: "VS Code sends `run_in_terminal`, with the command line at `tool_input.command` as in Claude's `Bash`; the bridge hands it to Claude hooks as `Bash` and to Copilot hooks as `bash` (docs/bridge.md)",
    source:
      'a PostToolUse payload logged from VS Code Copilot Chat (Hypabolic/Hypa pull request 50) and a hook author\'s report of `tool_name: "run_in_terminal"` with `tool_input.command` (Dicklesworthstone/destructive_command_guard issue 184); VS Code\'s own changes name the tool `run_in_terminal` (microsoft/vscode pull request 304843)',
    test: 'test/bridge/bridge-vscode-tools.test.ts › run_in_terminal rm -rf / is denied by a Claude Bash guard',
  },
];

/**
 * Host behaviour the engine deliberately does not copy, because copying it would drop a guard's
 * decision (PROJECT.md: a guard never fails open by accident) or let a hook keep the agent going
 * forever. `host` is what the host did, and `engine` what the engine does instead, and why.
 */
export const HOST_REFUSALS: readonly (HostDifference & { engine: string })[] = [
  {
    profile: P,
    topic: 'preToolUse deny that also carries `additionalContext`',
    seed: 'seed 003: a preToolUse deny stops the tool',
    host: 'the deny was ignored and the tool ran (two runs)',
    engine:
      "denies, as the seed and the host's own deny rule say; the context is not sent to the model (the host sends preToolUse context only when the tool runs)",
    source: RUN,
    test: 'test/cli/run-copilot-texts.test.ts › preToolUse deny with additionalContext still denies (the host ran the tool)',
  },
  {
    profile: V,
    topic: 'Stop/SubagentStop blocks in a row',
    seed: 'seed 000 "Stop": a Stop hook can keep the agent from stopping; the input carries `stop_hook_active`; no limit is named',
    host: 'no counter: every Stop or SubagentStop block with a reason keeps the agent going, however many came before (other-agents-hooks.md §7.1 "Stop / continuation"; §2.5 names no limit)',
    engine:
      'keeps Claude Code\'s cap, so that a Stop hook that never lets go cannot keep the agent going forever: after 8 blocks in a row the 9th is overridden and the agent stops (`stopCapReached`, `terminalReason: "stop_hook_cap"`), said by ENGINE_STOP_CAP_REACHED, whose message adds that VS Code itself has no such cap. The engine option `stopBlockCap: 0` turns the cap off, as VS Code has it',
    source: 'other-agents-hooks.md §7.1, §2.5',
    test: 'test/engine/vscode-output.test.ts › the engine caps Stop blocks in a row although VS Code does not, and says so',
  },
];

/** Renders docs/host-differences.md from the rows. */
export function renderHostDifferencesDoc(): string {
  const lines = [
    '# Host differences',
    '',
    '<!-- Generated by `npm run generate` from spec/host-differences.ts. Do not edit by hand. -->',
    '',
    'Where the seed documentation and a newer host disagree, the engine follows the host. Each row',
    'names where the host behaviour is recorded and the test that checks the engine does the same.',
    '',
    '| profile | topic | the seed says | the host does (and so does the engine) | source | test |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of HOST_DIFFERENCES) lines.push(tableRow(row));
  lines.push(
    '',
    '## Checked, and in agreement',
    '',
    'Points checked against both the seed and the newer reference that turned out to agree.',
    '',
    '| profile | topic | the seed says | the engine does | source | test |',
    '|---|---|---|---|---|---|',
  );
  for (const row of HOST_AGREEMENTS) lines.push(tableRow(row));
  lines.push(
    '',
    '## Where the engine does not follow the host',
    '',
    "Host behaviour seen but not copied, because it would drop a guard's decision or let a hook keep",
    'the agent going forever.',
    '',
    '| profile | topic | the seed says | the host did | the engine does | source | test |',
    '|---|---|---|---|---|---|---|',
  );
  for (const row of HOST_REFUSALS) {
    lines.push(
      `| ${row.profile} | ${row.topic} | ${row.seed} | ${row.host} | ${row.engine} | ${row.source} | \`${row.test}\` |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function tableRow(row: HostDifference): string {
  return `| ${row.profile} | ${row.topic} | ${row.seed} | ${row.host} | ${row.source} | \`${row.test}\` |`;
}
