/** A Claude settings file that uses every field the converters treat specially. */
export const CLAUDE_SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/guard.sh", "timeout": 30 },
          { "type": "command", "command": "node", "args": ["check.js", "--fast"] }
        ]
      },
      {
        "matcher": "Edit|Write",
        "hooks": [
          { "type": "command", "command": "npx prettier --check", "if": "Edit(*.ts)", "statusMessage": "Formatting" }
        ]
      }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "./stop.sh", "timeout": 5 }] }],
    "UserPromptSubmit": [{ "hooks": [{ "type": "prompt", "prompt": "Is this ok? $ARGUMENTS" }] }],
    "PostToolUse": [{ "matcher": "Write", "hooks": [{ "type": "command", "command": "./log.sh", "async": true }] }]
  }
}
`;

/** What survives a trip through Copilot: no `if`, `statusMessage`, prompt hook or `async`. */
export const CLAUDE_AFTER_COPILOT = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', timeout: 30 },
          { type: 'command', command: 'node', args: ['check.js', '--fast'] },
        ],
      },
      { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --check' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: './stop.sh', timeout: 5 }] }],
    PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: './log.sh' }] }],
  },
};

/** A Copilot CLI hooks file (other-agents-hooks.md §1.1). */
export const COPILOT_FILE = `{
  "version": 1,
  "hooks": {
    "sessionStart": [
      { "type": "command", "bash": "./start.sh", "powershell": "./start.ps1", "timeoutSec": 10 },
      { "type": "prompt", "prompt": "/review" }
    ],
    "userPromptSubmitted": [{ "type": "command", "command": "echo hi", "cwd": "scripts", "env": { "A": "1" } }],
    "preToolUse": [{ "type": "command", "exec": "python3", "args": ["guard.py"], "matcher": "bash|view" }],
    "errorOccurred": [{ "type": "command", "bash": "./err.sh" }]
  }
}
`;

/** A VS Code hooks file (other-agents-hooks.md §2.3). */
export const VSCODE_FILE = `{
  "hooks": {
    "PreToolUse": [
      { "type": "command", "command": "./validate.sh", "windows": "powershell -File validate.ps1", "cwd": "scripts", "timeout": 15 }
    ],
    "Stop": [{ "type": "command", "linux": "./a.sh", "osx": "./b.sh" }]
  }
}
`;
