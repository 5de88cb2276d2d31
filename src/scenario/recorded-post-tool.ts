/**
 * The first payload of each PostToolUse, PostToolUseFailure and PostToolBatch, per tool, that Claude Code 2.1.328 sent in recorded runs
 * (test/fixtures/compat/claude-code-2.1.328/hook-inputs.json, vendored from shared/compat/),
 * without the session fields the renderer fills in. `agent-hooks test --sample` starts from
 * these; test/scenario/samples.test.ts checks each still equals the recording.
 * Placeholders: `$PROJECT_DIR`, `$HOME`, `$UUID`.
 */
export const RECORDED_POST_TOOL: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  PostToolBatch: {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_calls: [
      {
        tool_name: 'Bash',
        tool_input: {
          command: 'echo hi > ran-bash.txt; echo hi',
          description: 'write marker',
        },
        tool_use_id: 'toolu_mock0001',
        tool_response: 'hi',
      },
    ],
  },
  'PostToolUse:Bash': {
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
    tool_response: {
      stdout: 'hi',
      stderr: '',
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    },
    tool_use_id: 'toolu_mock0001',
    duration_ms: 120,
  },
  'PostToolUse:Write': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Write',
    tool_input: {
      file_path: '$PROJECT_DIR/src/a.txt',
      content: 'alpha\nbeta\n',
    },
    tool_response: {
      type: 'create',
      filePath: '$PROJECT_DIR/src/a.txt',
      content: 'alpha\nbeta\n',
      structuredPatch: [],
      originalFile: null,
      userModified: false,
    },
    tool_use_id: 'toolu_write',
    duration_ms: 25,
  },
  'PostToolUse:Read': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Read',
    tool_input: {
      file_path: '$PROJECT_DIR/src/a.txt',
    },
    tool_response: {
      type: 'text',
      file: {
        filePath: '$PROJECT_DIR/src/a.txt',
        content: 'alpha\nbeta\n',
        numLines: 3,
        startLine: 1,
        totalLines: 3,
      },
    },
    tool_use_id: 'toolu_read',
    duration_ms: 51,
  },
  'PostToolUse:Edit': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Edit',
    tool_input: {
      file_path: '$PROJECT_DIR/src/a.txt',
      old_string: 'beta',
      new_string: 'gamma',
      replace_all: false,
    },
    tool_response: {
      filePath: 'src/a.txt',
      oldString: 'beta',
      newString: 'gamma',
      originalFile: 'alpha\nbeta\n',
      structuredPatch: [
        {
          oldStart: 1,
          oldLines: 2,
          newStart: 1,
          newLines: 2,
          lines: [' alpha', '-beta', '+gamma'],
        },
      ],
      userModified: false,
      replaceAll: false,
    },
    tool_use_id: 'toolu_edit',
    duration_ms: 17,
  },
  'PostToolUse:mcp__demo__echo': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'mcp__demo__echo',
    tool_input: {
      text: 'hello',
    },
    tool_response: [
      {
        type: 'text',
        text: 'echo: hello',
      },
    ],
    tool_use_id: 'toolu_mcp',
    duration_ms: 28,
    mcp_server: {
      name: 'demo',
      source: 'dynamic',
    },
  },
  'PostToolUseFailure:Bash': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Bash',
    tool_input: {
      command: 'exit 3',
      description: 'failing command',
    },
    tool_use_id: 'toolu_mock0002',
    error: 'Exit code 3',
    is_interrupt: false,
    duration_ms: 43,
  },
  'PostToolUseFailure:Read': {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    tool_name: 'Read',
    tool_input: {
      file_path: '$PROJECT_DIR/missing.txt',
    },
    tool_use_id: 'toolu_read_missing',
    error: 'File does not exist. Note: your current working directory is $PROJECT_DIR.',
    is_interrupt: false,
    duration_ms: 6,
  },
};
