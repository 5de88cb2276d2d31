import { describe, expect, it } from 'vitest';
import { convertConfig } from '../../../src/config/convert/index.ts';
import { CLAUDE_AFTER_COPILOT, CLAUDE_SETTINGS, COPILOT_FILE, VSCODE_FILE } from './fixtures.ts';

const FILE = '.claude/settings.json';

function lossyList(result: ReturnType<typeof convertConfig>): string[] {
  return result.lossy.map((step) => `${step.line}:${step.column} ${step.pointer} ${step.message}`);
}

describe('convert claude → copilot → claude (other-agents-hooks.md §1.1, §1.4)', () => {
  const toCopilot = convertConfig(CLAUDE_SETTINGS, 'claude-settings', 'copilot', { file: FILE });

  it('writes a version 1 file with camelCase keys, bash/exec fields, timeoutSec and runtime tool names', () => {
    expect(toCopilot.diagnostics).toEqual([]);
    expect(JSON.parse(toCopilot.text)).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/copilot-hooks.schema.json',
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: 'command',
            bash: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
            timeoutSec: 30,
            matcher: 'bash|powershell',
          },
          { type: 'command', exec: 'node', args: ['check.js', '--fast'], matcher: 'bash|powershell' },
          {
            type: 'command',
            bash: 'npx prettier --check',
            matcher: 'edit|str_replace_editor|apply_patch|create',
          },
        ],
        agentStop: [{ type: 'command', bash: './stop.sh', timeoutSec: 5 }],
        postToolUse: [{ type: 'command', bash: './log.sh', matcher: 'create' }],
      },
    });
  });

  it('pretty-prints with two spaces and a trailing newline', () => {
    expect(toCopilot.text).toMatch(
      /^\{\n {2}"\$schema": "https:\/\/unpkg\.com\/agent-hooks\/schema\/copilot-hooks\.schema\.json",\n {2}"version": 1,\n {2}"hooks": \{\n {4}"preToolUse"/,
    );
    expect(toCopilot.text.endsWith('}\n')).toBe(true);
  });

  it('lists every lossy step with its source location', () => {
    expect(lossyList(toCopilot)).toEqual([
      '7:11 /hooks/PreToolUse/0/hooks/0 camelCase Copilot events send camelCase input (toolName, toolArgs): scripts that read snake_case fields (tool_name, tool_input) must be adapted, or convert with PascalCase keys (--copilot-keys compat)',
      '14:67 /hooks/PreToolUse/1/hooks/0/if "if" dropped: Copilot has no argument filter, so the hook now runs for every matching call',
      '14:87 /hooks/PreToolUse/1/hooks/0/statusMessage "statusMessage" dropped: Copilot CLI has no such field',
      '19:38 /hooks/UserPromptSubmit/0/hooks/0 Copilot CLI has no "prompt" hooks; the hook was dropped',
      '20:97 /hooks/PostToolUse/0/hooks/0/async "async" dropped: Copilot CLI has no such field',
    ]);
    expect(toCopilot.lossy.every((step) => step.file === FILE && step.code === 'CONFIG_CONVERT_LOSSY')).toBe(
      true,
    );
  });

  it('comes back to the same Claude settings minus what Copilot cannot say', () => {
    const back = convertConfig(toCopilot.text, 'copilot-hooks-file', 'claude', { file: 'hooks.json' });
    expect(back.diagnostics).toEqual([]);
    expect(JSON.parse(back.text)).toEqual({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
      ...CLAUDE_AFTER_COPILOT,
    });
    expect(back.lossy.map((step) => step.message)).toEqual([
      'the hooks will receive snake_case input (tool_name, tool_input) instead of Copilot camelCase input (toolName, toolArgs): adapt scripts that read camelCase fields',
    ]);
  });

  it('compat keys keep PascalCase events and Claude tool names (snake_case payload, §1.3)', () => {
    const compat = convertConfig(CLAUDE_SETTINGS, 'claude-settings', 'copilot', { copilotKeys: 'compat' });
    const hooks = JSON.parse(compat.text).hooks;
    expect(Object.keys(hooks)).toEqual(['PreToolUse', 'Stop', 'PostToolUse']);
    expect(hooks.PreToolUse[2].matcher).toBe('Edit|Write');
    expect(compat.lossy.map((step) => step.message)).not.toContain(
      expect.stringContaining('camelCase input'),
    );
  });
});

describe('convert claude → vscode → claude (other-agents-hooks.md §2.3, §2.6)', () => {
  const toVscode = convertConfig(CLAUDE_SETTINGS, 'claude-settings', 'vscode', { file: FILE });

  it('writes PascalCase events, command lines, timeouts in seconds, matchers in groups', () => {
    expect(toVscode.diagnostics).toEqual([]);
    expect(JSON.parse(toVscode.text)).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/vscode-hooks.schema.json',
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30 },
              { type: 'command', command: 'node check.js --fast' },
            ],
          },
          { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --check' }] },
        ],
        Stop: [{ type: 'command', command: './stop.sh', timeout: 5 }],
        PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: './log.sh' }] }],
      },
    });
  });

  it('reports the ignored matchers, exec form, if, statusMessage, prompt hook and async', () => {
    expect(lossyList(toVscode)).toEqual([
      '5:9 /hooks/PreToolUse/0/matcher VS Code ignores matchers: this hook will run for every "PreToolUse", not only "Bash"',
      '8:51 /hooks/PreToolUse/0/hooks/1/args exec form has no VS Code equivalent; written as a shell command line (VS Code runs it with /bin/sh, or PowerShell on Windows)',
      '5:9 /hooks/PreToolUse/0/matcher VS Code ignores matchers: this hook will run for every "PreToolUse", not only "Bash"',
      '14:67 /hooks/PreToolUse/1/hooks/0/if "if" dropped: VS Code has no argument filter, so the hook now runs for every tool call',
      '14:87 /hooks/PreToolUse/1/hooks/0/statusMessage "statusMessage" dropped: VS Code has no such field',
      '12:9 /hooks/PreToolUse/1/matcher VS Code ignores matchers: this hook will run for every "PreToolUse", not only "Edit|Write"',
      '19:38 /hooks/UserPromptSubmit/0/hooks/0 VS Code has only command hooks; the "prompt" hook was dropped',
      '20:97 /hooks/PostToolUse/0/hooks/0/async "async" dropped: VS Code has no such field',
      '20:23 /hooks/PostToolUse/0/matcher VS Code ignores matchers: this hook will run for every "PostToolUse", not only "Write"',
    ]);
  });

  it('comes back without matchers, since VS Code reads them but never applies them', () => {
    const back = convertConfig(toVscode.text, 'vscode-hooks', 'claude', { file: 'hooks.json' });
    expect(JSON.parse(back.text)).toEqual({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30 },
              { type: 'command', command: 'node check.js --fast' },
              { type: 'command', command: 'npx prettier --check' },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: 'command', command: './stop.sh', timeout: 5 }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: './log.sh' }] }],
      },
    });
    expect(back.lossy).toEqual([]);
  });
});

describe('convert from Copilot', () => {
  it('to Claude: events, exec form, tool names, cwd/env/powershell/prompt/errorOccurred reported', () => {
    const result = convertConfig(COPILOT_FILE, 'copilot-hooks-file', 'claude', { file: 'h.json' });
    expect(result.diagnostics).toEqual([]);
    expect(JSON.parse(result.text)).toEqual({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: './start.sh', timeout: 10 }] }],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo hi' }] }],
        PreToolUse: [
          { matcher: 'Bash|Read', hooks: [{ type: 'command', command: 'python3', args: ['guard.py'] }] },
        ],
      },
    });
    expect(result.lossy.map((step) => `${step.pointer} ${step.message}`)).toEqual([
      '/hooks/sessionStart/0 the hooks will receive snake_case input (tool_name, tool_input) instead of Copilot camelCase input (toolName, toolArgs): adapt scripts that read camelCase fields',
      '/hooks/sessionStart/0/powershell "powershell" dropped: Claude Code has one command for every OS; "bash" was kept as "command"',
      '/hooks/userPromptSubmitted/0/cwd "cwd" dropped: Claude Code runs hooks in the session directory',
      '/hooks/userPromptSubmitted/0/env "env" dropped: Claude Code has no per-hook env',
      '/hooks/errorOccurred/0 Claude Code has no "ErrorOccurred" event; the hook was dropped',
      '/hooks/sessionStart/1 Copilot "prompt" entries (text submitted at session start) have no Claude Code equivalent',
    ]);
  });

  it('to VS Code: bash → linux + osx, powershell → windows, exec → command line', () => {
    const result = convertConfig(COPILOT_FILE, 'copilot-hooks-file', 'vscode');
    expect(JSON.parse(result.text)).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/vscode-hooks.schema.json',
      hooks: {
        SessionStart: [
          { type: 'command', windows: './start.ps1', linux: './start.sh', osx: './start.sh', timeout: 10 },
        ],
        UserPromptSubmit: [{ type: 'command', command: 'echo hi', cwd: 'scripts', env: { A: '1' } }],
        PreToolUse: [{ matcher: 'Bash|Read', hooks: [{ type: 'command', command: 'python3 guard.py' }] }],
      },
    });
  });

  it('to Copilot keeps prompt entries and disableAllHooks', () => {
    const disabled = COPILOT_FILE.replace('"version": 1,', '"version": 1, "disableAllHooks": true,');
    const result = convertConfig(disabled, 'copilot-hooks-file', 'copilot');
    const json = JSON.parse(result.text);
    expect(json.disableAllHooks).toBe(true);
    expect(json.hooks.sessionStart).toEqual([
      { type: 'command', bash: './start.sh', powershell: './start.ps1', timeoutSec: 10 },
      { type: 'prompt', prompt: '/review' },
    ]);
    expect(json.hooks.errorOccurred).toEqual([{ type: 'command', bash: './err.sh' }]);
    expect(result.lossy).toEqual([]);
  });
});

describe('convert from VS Code', () => {
  it('to Copilot: command stays cross-platform, windows → powershell, different linux/osx reported', () => {
    const result = convertConfig(VSCODE_FILE, 'vscode-hooks', 'copilot', { copilotKeys: 'compat' });
    expect(JSON.parse(result.text)).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/copilot-hooks.schema.json',
      version: 1,
      hooks: {
        PreToolUse: [
          {
            type: 'command',
            command: './validate.sh',
            powershell: 'powershell -File validate.ps1',
            cwd: 'scripts',
            timeoutSec: 15,
          },
        ],
        Stop: [{ type: 'command', bash: './a.sh' }],
      },
    });
    expect(result.lossy.map((step) => `${step.pointer} ${step.message}`)).toEqual([
      '/hooks/Stop/0/osx "osx" dropped: Copilot has one "bash" command for Linux and macOS; "linux" was kept',
    ]);
  });
});

describe('convert VS Code → Claude', () => {
  it('keeps one command per hook and reports the other OS commands and cwd', () => {
    const result = convertConfig(VSCODE_FILE, 'vscode-hooks', 'claude', { file: 'v.json' });
    expect(JSON.parse(result.text)).toEqual({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: './validate.sh', timeout: 15 }] }],
        Stop: [{ hooks: [{ type: 'command', command: './a.sh' }] }],
      },
    });
    expect(result.lossy.map((step) => `${step.line}:${step.column} ${step.pointer} ${step.message}`)).toEqual(
      [
        '4:56 /hooks/PreToolUse/0/windows "windows" dropped: Claude Code has one command for every OS; "command" was kept',
        '4:100 /hooks/PreToolUse/0/cwd "cwd" dropped: Claude Code runs hooks in the session directory',
        '6:54 /hooks/Stop/0/osx "osx" dropped: Claude Code has one command for every OS; "linux" was kept as "command"',
      ],
    );
  });
});

describe('event names in every direction (other-agents-hooks.md §1.3, §2.4)', () => {
  const pairs: [string, string, string | undefined][] = [
    ['PreToolUse', 'preToolUse', 'PreToolUse'],
    ['PostToolUse', 'postToolUse', 'PostToolUse'],
    ['UserPromptSubmit', 'userPromptSubmitted', 'UserPromptSubmit'],
    ['Stop', 'agentStop', 'Stop'],
    ['SessionStart', 'sessionStart', 'SessionStart'],
    ['SessionEnd', 'sessionEnd', undefined],
    ['SubagentStop', 'subagentStop', 'SubagentStop'],
    ['PreCompact', 'preCompact', 'PreCompact'],
    ['PermissionRequest', 'permissionRequest', undefined],
    ['PostToolUseFailure', 'postToolUseFailure', undefined],
    ['Notification', 'notification', undefined],
  ];
  const claudeFile = (event: string) =>
    JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command: 'x' }] }] } });
  const copilotFile = (key: string) => JSON.stringify({ version: 1, hooks: { [key]: [{ bash: 'x' }] } });

  it.each(pairs)('%s ↔ %s ↔ VS Code %s', (claude, copilot, vscode) => {
    expect(
      Object.keys(JSON.parse(convertConfig(claudeFile(claude), 'claude-settings', 'copilot').text).hooks),
    ).toEqual([copilot]);
    expect(
      Object.keys(JSON.parse(convertConfig(copilotFile(copilot), 'copilot-hooks-file', 'claude').text).hooks),
    ).toEqual([claude]);
    const toVscode = convertConfig(claudeFile(claude), 'claude-settings', 'vscode');
    expect(Object.keys(JSON.parse(toVscode.text).hooks)).toEqual(vscode === undefined ? [] : [vscode]);
    if (vscode === undefined)
      expect(toVscode.lossy[0]?.message).toBe(`VS Code has no "${claude}" event; the hook was dropped`);
  });

  it('a Claude-only event has no Copilot key', () => {
    const result = convertConfig(claudeFile('PostToolBatch'), 'claude-settings', 'copilot');
    expect(JSON.parse(result.text).hooks).toEqual({});
    expect(result.lossy.map((step) => step.message)).toContain(
      'Copilot CLI has no "PostToolBatch" event; the hook was dropped',
    );
  });
});

describe('timeout units: seconds in every dialect (other-agents-hooks.md §8)', () => {
  it.each([1, 30, 600, 1.5])('%d s stays the same through copilot and vscode', (seconds) => {
    const claude = JSON.stringify({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: seconds }] }] },
    });
    const copilot = JSON.parse(convertConfig(claude, 'claude-settings', 'copilot').text);
    expect(copilot.hooks.agentStop[0].timeoutSec).toBe(seconds);
    const vscode = JSON.parse(convertConfig(claude, 'claude-settings', 'vscode').text);
    expect(vscode.hooks.Stop[0].timeout).toBe(seconds);
    const back = JSON.parse(convertConfig(JSON.stringify(copilot), 'copilot-hooks-file', 'claude').text);
    expect(back.hooks.Stop[0].hooks[0].timeout).toBe(seconds);
  });
});
