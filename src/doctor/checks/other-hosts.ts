import path from 'node:path';
import { loadConfig } from '../../config/generation/load-config.ts';
import type { LoadOptions } from '../../config/generation/types.ts';
import type { ConfigKind } from '../../config/read-types.ts';
import { ERROR_CODES } from '../../errors.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { Finding } from '../types.ts';

/** The file kinds each host defines itself (others it may read too, as compatibility). */
const NATIVE_KINDS: Readonly<Record<ProfileName, ReadonlySet<ConfigKind>>> = {
  'claude-code': new Set<ConfigKind>(['claude-settings', 'claude-plugin-hooks', 'frontmatter']),
  'copilot-cli': new Set<ConfigKind>(['copilot-hooks-file', 'copilot-settings']),
  vscode: new Set<ConfigKind>(['vscode-hooks']),
};
/** `convert --to` names the dialect, not the host. */
const DIALECT_OF: Readonly<Record<ProfileName, string>> = {
  'claude-code': 'claude',
  'copilot-cli': 'copilot',
  vscode: 'vscode',
};
const OTHERS: Readonly<Record<ProfileName, readonly ProfileName[]>> = {
  'claude-code': ['copilot-cli', 'vscode'],
  'copilot-cli': ['claude-code', 'vscode'],
  vscode: ['claude-code', 'copilot-cli'],
};

function found(locations: readonly { status: string; path: string }[]): string[] {
  return locations.filter((l) => l.status === 'found').map((l) => l.path);
}

/**
 * Hook files of the other hosts that the chosen one never reads (other-agents-hooks.md §1.2,
 * §2.2; claude-code-hooks.md §6.1): a Copilot repository checked as Claude Code is not hook-free.
 */
export async function otherHostFindings(
  profile: ProfileName,
  load: Omit<LoadOptions, 'profile'>,
): Promise<Finding[]> {
  const read = new Set(found((await loadConfig({ ...load, profile })).locations));
  const info = ERROR_CODES.DOCTOR_OTHER_HOST_FILE;
  const findings: Finding[] = [];
  for (const host of OTHERS[profile]) {
    const generation = await loadConfig({ ...load, profile: host });
    for (const location of generation.locations) {
      if (location.status !== 'found' || read.has(location.path) || !NATIVE_KINDS[host].has(location.kind))
        continue;
      read.add(location.path);
      const count = location.handlers ?? 0;
      const shown = path.relative(generation.projectDir, location.path) || location.path;
      findings.push({
        code: 'DOCTOR_OTHER_HOST_FILE',
        severity: info.severity,
        message: `${shown} is a ${host} hook file (${count} hook${count === 1 ? '' : 's'}) that ${profile} never reads`,
        host: `${profile} does not look at this file: its hooks never run there`,
        fix: `Check it with \`agent-hooks doctor --profile ${host}\`, or convert it: \`agent-hooks convert ${shown} --to ${DIALECT_OF[profile]}\``,
        profile,
        file: location.path,
        line: 1,
        column: 1,
        pointer: '',
      });
    }
  }
  return findings;
}
