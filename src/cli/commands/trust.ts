import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config/generation/index.ts';
import {
  createTrustStore,
  displayPath,
  type TrustItem,
  type TrustStatus,
  trustStatus,
} from '../../config/trust/index.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { CliIo } from '../cli-io.ts';
import { addCommonOptions, type CommonOptions, settingsArguments } from '../common-options.ts';

interface TrustOptions extends CommonOptions {
  show: boolean;
  revoke: boolean;
  yes: boolean;
  trustFile?: string;
}

type TrustAction =
  | 'show'
  | 'trusted'
  | 'already-trusted'
  | 'nothing-to-trust'
  | 'revoked'
  | 'nothing-to-revoke'
  | 'not-trusted'
  | 'declined'
  | 'unreadable';

/**
 * Codes that mean a whole configuration file's hooks are unknown. Trust is about every hook the
 * project defines: with one of these, "no hooks" or an approval would be about a partial set.
 */
const UNREADABLE_REASON = 'a configuration file could not be read';
const SCRIPT_UNREADABLE_REASON = 'a file the project hooks run could not be read';

/** Why the status is unknown: a configuration file, or else a file its hooks run (fingerprint.ts). */
function unreadableReason(status: TrustStatus): string {
  return status.fingerprint.diagnostics.length > 0 ? SCRIPT_UNREADABLE_REASON : UNREADABLE_REASON;
}
const FILE_LOST_CODES: ReadonlySet<string> = new Set([
  'CONFIG_FILE_UNREADABLE',
  'CONFIG_INVALID_JSON',
  'CONFIG_INVALID_STRUCTURE',
]);

/** Streams and prompt, injectable so that tests run the command in-process. */
export interface TrustIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks the user; undefined when no person can answer (no TTY). */
  confirm?: (question: string) => Promise<boolean>;
}

/** The CLI's streams as trust needs them: a prompt only when a person sits at a terminal. */
function trustIo(io: CliIo): TrustIo {
  const interactive = io.stdinIsTTY && io.stderrIsTTY;
  return { stdout: io.stdout, stderr: io.stderr, ...(interactive ? { confirm: io.confirm } : {}) };
}

type Definition = Extract<TrustItem, { kind: 'definition' }>;
type Script = Extract<TrustItem, { kind: 'script' }>;

function definitionJson(item: Definition, projectDir: string) {
  return {
    id: item.id,
    file: displayPath(item.source.file, projectDir),
    line: item.source.line ?? null,
    pointer: item.source.pointer,
    scope: item.source.scope,
    event: item.event,
    eventKey: item.eventKey,
    matcher: item.matcher ?? null,
    type: item.type,
    command: item.summary,
    hash: item.hash,
  };
}

function scriptJson(item: Script) {
  return {
    path: item.display,
    sha256: item.hash,
    exists: item.hash !== null,
    ...(item.unreadable === undefined ? {} : { unreadable: item.unreadable }),
    usedBy: item.usedBy,
  };
}

function render(status: TrustStatus, projectDir: string, action: TrustAction): string {
  const definitions = status.fingerprint.items.filter((i): i is Definition => i.kind === 'definition');
  const scripts = status.fingerprint.items.filter((i): i is Script => i.kind === 'script');
  const lines = [
    `Project ${projectDir}`,
    action === 'unreadable'
      ? `Status: unknown (${unreadableReason(status)})`
      : `Status: ${status.trusted ? 'trusted' : 'NOT trusted'} (${status.reason})`,
  ];
  for (const change of status.changed) lines.push(`  ${change}`);
  lines.push('', `Project hooks (${definitions.length}):`);
  for (const item of definitions) {
    const at = `${displayPath(item.source.file, projectDir)}${item.source.line ? `:${item.source.line}` : ''}`;
    const matcher = item.matcher === undefined ? '' : ` matcher "${item.matcher}"`;
    lines.push(`  ${at} ${item.event}${matcher} ${item.type}: ${item.summary}`);
  }
  lines.push('', `Scripts they run (${scripts.length}):`);
  for (const item of scripts) lines.push(`  ${item.display} ${scriptState(item)}`);
  lines.push('', ACTION_TEXT[action]);
  return `${lines.join('\n')}\n`;
}

function scriptState(item: Script): string {
  if (item.unreadable !== undefined) return '(cannot be read)';
  return item.hash === null ? '(missing)' : `sha256:${item.hash}`;
}

const ACTION_TEXT: Readonly<Record<TrustAction, string>> = {
  show: 'Nothing was changed (--show).',
  trusted: 'Approved: these hooks and scripts are now trusted for this project.',
  'already-trusted': 'Already approved: nothing to do.',
  'nothing-to-trust': 'This project defines no hooks: nothing to approve.',
  unreadable:
    'Some configuration, or a file its hooks run, could not be read (see above), so what the hooks do is unknown: nothing was approved. Fix the file and run agent-hooks trust again.',
  revoked: 'Approval revoked: these hooks are untrusted again.',
  'nothing-to-revoke': 'This project had no approval to revoke.',
  'not-trusted':
    'Not approved: no person can confirm here; review the list above and pass --yes to approve it.',
  declined: 'Not approved.',
};

function decide(options: TrustOptions, status: TrustStatus, io: TrustIo): TrustAction | 'ask' {
  if (options.show) return 'show';
  if (status.fingerprint.items.length === 0) return 'nothing-to-trust';
  if (status.trusted) return 'already-trusted';
  if (options.yes) return 'trusted';
  if (io.confirm === undefined || options.json) return 'not-trusted';
  return 'ask';
}

/** Exit status of each action: refusing to approve is a failure a script must notice. */
const FAILED: ReadonlySet<TrustAction> = new Set(['not-trusted', 'declined', 'unreadable']);

export async function trustCommand(options: TrustOptions, io: TrustIo): Promise<number> {
  const cwd = resolve(options.cwd);
  const generation = await loadConfig({
    profile: options.profile,
    cwd,
    noUser: !options.user,
    settingsFiles: settingsArguments(options.settings),
    pluginDirs: options.pluginDir.map((dir) => resolve(dir)),
  });
  const projectDir = generation.projectDir;
  const handlers: readonly NormalizedHandler[] = generation.handlers;
  const store = createTrustStore(options.trustFile ? resolve(options.trustFile) : undefined);
  let status = trustStatus(handlers, projectDir, store);
  // A script that is there but cannot be read (fingerprint.ts) leaves as much unknown as a file.
  const lost = [
    ...generation.diagnostics.filter((d) => d.severity === 'error' && FILE_LOST_CODES.has(d.code)),
    ...status.fingerprint.diagnostics,
  ];
  for (const d of lost) {
    const where = [d.file, d.line, d.column].filter((part) => part !== undefined).join(':');
    io.stderr(`agent-hooks trust: ${where}: ${d.message} [${d.code}]\n`);
  }
  let action: TrustAction;
  if (lost.length > 0 && !options.revoke) {
    action = 'unreadable';
  } else if (options.revoke) {
    action = store.revoke(projectDir) ? 'revoked' : 'nothing-to-revoke';
    status = trustStatus(handlers, projectDir, store);
  } else {
    const decided = decide(options, status, io);
    if (decided === 'ask') {
      io.stderr(render(status, projectDir, 'show'));
      action = (await io.confirm?.('Trust and run these hooks in this project? [y/N] '))
        ? 'trusted'
        : 'declined';
    } else {
      action = decided;
    }
    if (action === 'trusted') {
      store.trust(projectDir, status.fingerprint);
      status = trustStatus(handlers, projectDir, store);
    }
  }
  if (options.json) {
    const items = status.fingerprint.items;
    const json = {
      projectDir,
      trustFile: store.path,
      action,
      trusted: action === 'unreadable' ? false : status.trusted,
      reason: action === 'unreadable' ? unreadableReason(status) : status.reason,
      diagnostics: lost,
      changed: status.changed,
      hash: status.fingerprint.hash,
      hooks: items
        .filter((i): i is Definition => i.kind === 'definition')
        .map((i) => definitionJson(i, projectDir)),
      scripts: items.filter((i): i is Script => i.kind === 'script').map(scriptJson),
    };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    io.stdout(render(status, projectDir, action));
  }
  if (action === 'not-trusted')
    io.stderr('agent-hooks trust: not approved; pass --yes to approve these hooks\n');
  return FAILED.has(action) ? 1 : 0;
}

/** `agent-hooks trust`: show what a project's hooks would run and record the user's approval. */
export function registerTrustCommand(program: Command, io: CliIo): void {
  addCommonOptions(
    program
      .command('trust')
      .description('show every project hook and the scripts it runs, and approve them for this project')
      .option('--show', 'only show the hooks, scripts and trust status; change nothing', false)
      .option('--revoke', 'forget the approval of this project', false)
      .option('--yes', 'approve without asking (needed when no terminal is attached)', false)
      .option('--trust-file <file>', 'trust store (default: $XDG_CONFIG_HOME/agent-hooks/trust.json)'),
  ).action(async (options: TrustOptions) => {
    io.setExitCode(await trustCommand(options, trustIo(io)));
  });
}
