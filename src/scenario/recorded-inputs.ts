/**
 * The first payload of each other event that Claude Code 2.1.328 sent in recorded runs
 * (test/fixtures/compat/claude-code-2.1.328/hook-inputs.json, vendored from shared/compat/),
 * without the session fields the renderer fills in. `agent-hooks test --sample` starts from
 * these; test/scenario/samples.test.ts checks each still equals the recording.
 * Placeholders: `$PROJECT_DIR`, `$HOME`, `$UUID`.
 */
export const RECORDED_OTHER: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  InstructionsLoaded: {
    file_path: '$PROJECT_DIR/CLAUDE.md',
    memory_type: 'Project',
    load_reason: 'session_start',
  },
  MessageDisplay: {
    prompt_id: '$UUID',
    turn_id: '$UUID',
    message_id: '$UUID',
    index: 0,
    final: true,
    delta: 'Running it.',
  },
  SessionEnd: {
    prompt_id: '$UUID',
    reason: 'other',
  },
  SessionStart: {
    source: 'startup',
  },
  Setup: {
    trigger: 'init',
  },
  Stop: {
    prompt_id: '$UUID',
    permission_mode: 'default',
    effort: {
      level: 'medium',
    },
    stop_hook_active: false,
    last_assistant_message: 'done',
    background_tasks: [],
    session_crons: [],
  },
  UserPromptSubmit: {
    prompt_id: '$UUID',
    permission_mode: 'default',
    prompt: 'run the marker command',
  },
};
