/**
 * The first payload of each PreToolUse and PermissionRequest, per tool, that Claude Code 2.1.328 sent in recorded runs
 * (test/fixtures/compat/claude-code-2.1.328/hook-inputs.json, vendored from shared/compat/),
 * without the session fields the renderer fills in. `agent-hooks test --sample` starts from
 * these; test/scenario/samples.test.ts checks each still equals the recording.
 * Placeholders: `$PROJECT_DIR`, `$HOME`, `$UUID`.
 */
export const RECORDED_PRE_TOOL: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'PermissionRequest:Bash': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Bash',
    tool_input: {
      command: 'touch ran-pr-allow.txt # PERMREQ_ALLOW',
      description: 'PermissionRequest hook allows',
    },
    permission_suggestions: [
      {
        type: 'addDirectories',
        directories: ['$PROJECT_DIR'],
        destination: 'session',
      },
      {
        type: 'setMode',
        mode: 'acceptEdits',
        destination: 'session',
      },
    ],
  },
  'PreToolUse:Bash': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Bash',
    tool_input: {
      command: 'echo hi > ran-bash.txt; echo hi',
      description: 'write marker',
    },
    tool_use_id: 'toolu_mock0001',
  },
  'PreToolUse:Write': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Write',
    tool_input: {
      file_path: '$PROJECT_DIR/new.txt',
      content: 'hello\n',
    },
    tool_use_id: 'toolu_write_txt',
  },
  'PreToolUse:Read': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Read',
    tool_input: {
      file_path: '$PROJECT_DIR/new.txt',
    },
    tool_use_id: 'toolu_read',
  },
  'PreToolUse:Edit': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Edit',
    tool_input: {
      file_path: '$PROJECT_DIR/new.txt',
      old_string: 'hello',
      new_string: 'hello edited',
      replace_all: false,
    },
    tool_use_id: 'toolu_edit',
  },
  'PreToolUse:mcp__demo__echo': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'mcp__demo__echo',
    tool_input: {
      text: 'ping',
    },
    tool_use_id: 'toolu_mcp',
    mcp_server: {
      name: 'demo',
      source: 'dynamic',
    },
  },
};
