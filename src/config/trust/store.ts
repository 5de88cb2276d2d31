import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { HookError } from '../../errors.ts';
import { itemHashes, type TrustFingerprint } from './fingerprint.ts';

/** What the store remembers about one approved project. */
export interface TrustRecord {
  hash: string;
  /** ISO-8601 time of approval. */
  trustedAt: string;
  /** `item id → hash` at approval time, to name what changed since. */
  items: Record<string, string>;
}

export interface TrustStore {
  readonly path: string;
  /** The newest approval of the project. */
  get(projectDir: string): TrustRecord | undefined;
  /**
   * Every remembered approval, newest first. Several are kept because each profile (claude-code,
   * copilot-cli, vscode) sees a different set of project hooks, and approving one must not
   * withdraw another.
   */
  approvals(projectDir: string): TrustRecord[];
  isTrusted(projectDir: string, fingerprint: TrustFingerprint): boolean;
  trust(projectDir: string, fingerprint: TrustFingerprint): TrustRecord;
  /** Returns whether a record existed. */
  revoke(projectDir: string): boolean;
}

interface StoreFile {
  version: 1;
  projects: Record<string, { approvals: TrustRecord[] }>;
}

const STORE_FILE_MODE = 0o600;
/** Approvals remembered per project; the oldest is forgotten beyond this. */
const MAX_APPROVALS_PER_PROJECT = 8;

/** `$XDG_CONFIG_HOME/agent-hooks/trust.json`, else `~/.config/agent-hooks/trust.json`. */
export function defaultTrustStorePath(
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  const configHome = env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(configHome, 'agent-hooks', 'trust.json');
}

/** Projects are keyed by absolute, symlink-resolved path so that two spellings share one record. */
export function projectKey(projectDir: string): string {
  const absolute = resolve(projectDir);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}

function readStore(path: string): StoreFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, projects: {} };
    throw new HookError('SECURITY_TRUST_STORE_UNREADABLE', `cannot read trust store ${path}`, {
      cause: error,
    });
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoreFile>;
    if (parsed && typeof parsed.projects === 'object' && parsed.projects !== null) {
      return { version: 1, projects: parsed.projects };
    }
  } catch (error) {
    throw new HookError('SECURITY_TRUST_STORE_UNREADABLE', `trust store ${path} is not valid JSON`, {
      cause: error,
    });
  }
  throw new HookError('SECURITY_TRUST_STORE_UNREADABLE', `trust store ${path} has no "projects" object`);
}

function writeStore(path: string, data: StoreFile): void {
  mkdirSync(dirname(path), { recursive: true });
  // Write then rename, so that a crash never leaves a half-written store behind.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: STORE_FILE_MODE });
  renameSync(temporary, path);
}

/**
 * A JSON file of approved projects. Reads on every call, so that approvals given by another
 * process (the `trust` command) are seen at once. A corrupt store is misuse: it throws
 * `SECURITY_TRUST_STORE_UNREADABLE` rather than silently trusting or forgetting everything.
 */
export function createTrustStore(path: string = defaultTrustStorePath()): TrustStore {
  const file = resolve(path);
  return {
    path: file,
    approvals(projectDir) {
      const entry = readStore(file).projects[projectKey(projectDir)];
      return Array.isArray(entry?.approvals) ? entry.approvals : [];
    },
    get(projectDir) {
      return this.approvals(projectDir)[0];
    },
    isTrusted(projectDir, fingerprint) {
      return this.approvals(projectDir).some((record) => record.hash === fingerprint.hash);
    },
    trust(projectDir, fingerprint) {
      const data = readStore(file);
      const key = projectKey(projectDir);
      const record: TrustRecord = {
        hash: fingerprint.hash,
        trustedAt: new Date().toISOString(),
        items: itemHashes(fingerprint.items),
      };
      const previous = (data.projects[key]?.approvals ?? []).filter((old) => old.hash !== record.hash);
      data.projects[key] = { approvals: [record, ...previous].slice(0, MAX_APPROVALS_PER_PROJECT) };
      writeStore(file, data);
      return record;
    },
    revoke(projectDir) {
      const data = readStore(file);
      const key = projectKey(projectDir);
      if (!(key in data.projects)) return false;
      delete data.projects[key];
      writeStore(file, data);
      return true;
    },
  };
}
