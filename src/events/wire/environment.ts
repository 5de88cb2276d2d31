import { z } from 'zod';
import type { EventName } from '../../model/event-name.ts';
import { type EventWire, known, WATCH_PATHS } from './common.ts';

const COMPACT_TRIGGER = z.enum(['manual', 'auto']);
const ABSOLUTE_PATH = 'Absolute path.';

/** Settings, directory, file, worktree and compaction events: claude-code-hooks.md §2.21–§2.28. */
export const ENVIRONMENT_WIRE = {
  ConfigChange: {
    input: {
      source: known(['user_settings', 'project_settings', 'local_settings', 'policy_settings', 'skills']),
      file_path: z.string().optional(),
    },
    hookSpecific: {},
  },
  CwdChanged: {
    input: { old_cwd: z.string(), new_cwd: z.string() },
    hookSpecific: { watchPaths: WATCH_PATHS },
  },
  DirectoryAdded: {
    input: {
      directory: z.string().describe(ABSOLUTE_PATH),
      source: z.enum(['slash_command', 'register_repo_root']),
    },
    hookSpecific: {},
  },
  FileChanged: {
    input: {
      file_path: z.string().describe(ABSOLUTE_PATH),
      event: z.enum(['change', 'add', 'unlink']),
    },
    hookSpecific: { watchPaths: WATCH_PATHS },
  },
  WorktreeCreate: {
    input: { name: z.string().describe('Slug, e.g. `bold-oak-a3f2`.') },
    hookSpecific: { worktreePath: z.string().describe('Absolute path of the created worktree.') },
  },
  WorktreeRemove: {
    input: { worktree_path: z.string().describe(ABSOLUTE_PATH) },
    hookSpecific: {},
  },
  PreCompact: {
    input: {
      trigger: COMPACT_TRIGGER,
      custom_instructions: z.string().nullable().describe('Empty or null for auto.'),
    },
    hookSpecific: {},
  },
  PostCompact: {
    input: { trigger: COMPACT_TRIGGER, compact_summary: z.string() },
    hookSpecific: {},
  },
} as const satisfies Partial<Record<EventName, EventWire>>;
