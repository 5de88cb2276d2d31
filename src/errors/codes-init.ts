import type { CodeInfo } from './code-info.ts';

/**
 * Codes of `agent-hooks init` and `agent-hooks add`, which write hook configuration and template
 * scripts into a project. Keys are stable: never rename one, only add.
 */
export const INIT_CODES = {
  INIT_TARGET_INVALID: {
    severity: 'error',
    summary:
      'The hook file `init` or `add` was to write into has errors (bad JSON, an invalid entry) or a shape it cannot be merged into; nothing was written.',
    fix: 'Fix the file (`agent-hooks validate FILE` names each problem), name another file with `--to`, or replace it with `--force`.',
  },
  INIT_RESULT_INVALID: {
    severity: 'error',
    summary:
      'The configuration `add` would write is not valid for the target host (an event it does not have, an empty command); nothing was written.',
    fix: 'Use an event and fields the host has (docs/events.md lists each host’s events), or choose another host with `--host` or `--to`.',
  },
  INIT_FILE_EXISTS: {
    severity: 'error',
    summary:
      'A template script or scenario file `init` would write already exists with other content; nothing was written.',
    fix: 'Keep your file (remove it from the way, or rename it) or overwrite it with `--force`.',
  },
  INIT_HOST_UNSUPPORTED: {
    severity: 'error',
    summary:
      'The chosen template cannot work under the chosen host (it needs an event the host does not have).',
    fix: 'Pick another host with `--host`, or another template (`agent-hooks init --list` shows which hosts each supports).',
  },
  INIT_WRITE_FAILED: {
    severity: 'error',
    summary:
      'A file `init` or `add` was to write (the hook file, a template script or scenario file) cannot be written: a symbolic link to a file that does not exist (writing would create that file, wherever it is, so it is refused even with `--force`), a folder where the file goes or a file where a folder goes, a file this user may not write, a disk error. Nothing was written, and template scripts written before the failure were taken back.',
    fix: 'Do what the message says for the path it names (create the link’s target or remove the link, move the folder or file out of the way, make the file writable), or name another file with `--to`.',
  },
} as const satisfies Record<string, CodeInfo>;
