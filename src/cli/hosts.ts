import { discoverFiles, loadConfig } from '../config/generation/load-config.ts';
import type { ConfigGeneration, LoadOptions } from '../config/generation/types.ts';
import type { ConfigKind } from '../config/read-config.ts';
import type { Diagnostic } from '../errors.ts';
import type { ProfileName } from '../model/profile-name.ts';

/** Every host `validate` and `list` cover when no `--profile` is given, in the order shown. */
export const HOSTS: readonly ProfileName[] = ['claude-code', 'copilot-cli', 'vscode'];

/** The file kinds each host defines itself (the others it may also read, as compatibility). */
const NATIVE_KINDS: Readonly<Record<ProfileName, ReadonlySet<ConfigKind>>> = {
  'claude-code': new Set<ConfigKind>(['claude-settings', 'claude-plugin-hooks', 'frontmatter']),
  'copilot-cli': new Set<ConfigKind>(['copilot-hooks-file', 'copilot-settings']),
  vscode: new Set<ConfigKind>(['vscode-hooks']),
};

/** One host's share of a check: the files it owns (first host to read a file owns it) and their findings. */
export interface HostCheck {
  profile: ProfileName;
  generation: ConfigGeneration;
  /** Files (or folders) this host read and no host before it did: found, or found unreadable. */
  checked: string[];
  diagnostics: Diagnostic[];
}

function filesRead(generation: ConfigGeneration): string[] {
  return generation.locations.filter((l) => l.status === 'found' || l.status === 'error').map((l) => l.path);
}

/**
 * Loads every host's configuration. A file several hosts read (VS Code also reads
 * `.claude/settings.json`) is checked once, by the first host in `HOSTS` that reads it, so each
 * finding appears once, under the host the file was written for.
 */
export async function loadEveryHost(base: Omit<LoadOptions, 'profile'>): Promise<HostCheck[]> {
  const claimed = new Set<string>();
  const checks: HostCheck[] = [];
  for (const profile of HOSTS) {
    const generation = await loadConfig({ ...base, profile });
    const checked = filesRead(generation).filter((file) => !claimed.has(file));
    for (const file of checked) claimed.add(file);
    const own = new Set(checked);
    const diagnostics = generation.diagnostics.filter((d) => d.file === undefined || own.has(d.file));
    checks.push({ profile, generation, checked, diagnostics });
  }
  return checks;
}

/** A hook file that another host would read and the emulated one ignores. */
export interface IgnoredHostFile {
  file: string;
  host: ProfileName;
}

/**
 * The hook files of the other hosts that `profile` does not read: `run` names them with the
 * `--profile` that would run them, so a Copilot repository never looks hook-free by accident.
 */
export async function otherHostsFiles(
  profile: ProfileName,
  base: Omit<LoadOptions, 'profile'>,
): Promise<IgnoredHostFile[]> {
  // Discovery alone: which files exist is the question, not what they say (issue 16 item 4).
  const [own, ...others] = await Promise.all(
    [profile, ...HOSTS.filter((host) => host !== profile)].map(async (host) => ({
      host,
      files: await discoverFiles({ ...base, profile: host }),
    })),
  );
  const read = new Set(own?.files.map((found) => found.file));
  const ignored: IgnoredHostFile[] = [];
  for (const { host, files } of others) {
    for (const { file, spec } of files) {
      if (read.has(file) || !NATIVE_KINDS[host].has(spec.kind)) continue;
      read.add(file);
      ignored.push({ file, host });
    }
  }
  return ignored;
}
