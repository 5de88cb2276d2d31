import path from 'node:path';
import { type BridgeListing, bridgeListings } from '../bridge/listing.ts';
import { loadConfig } from '../config/generation/load-config.ts';
import type { ConfigGeneration, LoadOptions } from '../config/generation/types.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { checkBashSyntax } from './checks/bash-syntax.ts';
import { checkConfiguration } from './checks/configuration.ts';
import { checkFields } from './checks/fields.ts';
import { checkMatchers } from './checks/matcher.ts';
import { checkNotRun } from './checks/not-run.ts';
import { otherHostFindings } from './checks/other-hosts.ts';
import { checkPrograms } from './checks/program.ts';
import { clearSourceDocs } from './finding.ts';
import { type ProbeSummary, probeHooks } from './probe/probe.ts';
import type { Check, CheckContext, Finding, HostShare } from './types.ts';

/** Every static check, one per file under checks/. */
const CHECKS: readonly Check[] = [
  checkConfiguration,
  checkPrograms,
  checkBashSyntax,
  checkMatchers,
  checkFields,
  checkNotRun,
];

/** The hosts checked when no profile is chosen, in the order `validate` uses. */
const EVERY_HOST: readonly ProfileName[] = ['claude-code', 'copilot-cli', 'vscode'];

export interface DoctorOptions {
  /** Where and how to load configuration; `profile` is chosen below. */
  load: Omit<LoadOptions, 'profile'>;
  /** One host; undefined checks every host, each file under the first host that reads it. */
  profile?: ProfileName;
  requireTrust?: boolean;
  trustFile?: string;
  /** Also run each command hook once (probe/probe.ts). */
  probe?: boolean;
}

export interface DoctorReport {
  projectDir: string;
  profiles: ProfileName[];
  findings: Finding[];
  errors: number;
  warnings: number;
  /** Handlers looked at, per host. */
  checked: Record<string, number>;
  /** Set with `probe`: how the hooks were isolated, how many ran, which were not run and why. */
  probe?: ProbeSummary;
  /**
   * Set where `bridge install` routed a host's events to the bridge: the hooks the bridge runs for
   * that host, each with its origin (the same data as `list`'s `bridges[]`, issue 16 item 2).
   */
  bridges?: BridgeListing[];
}

function filesRead(generation: ConfigGeneration): string[] {
  return generation.locations.filter((l) => l.status === 'found' || l.status === 'error').map((l) => l.path);
}

/** Loads each host; a file several hosts read is owned by the first, so each finding appears once. */
export async function loadShares(options: DoctorOptions): Promise<HostShare[]> {
  const claimed = new Set<string>();
  const shares: HostShare[] = [];
  for (const profile of options.profile ? [options.profile] : EVERY_HOST) {
    const generation = await loadConfig({ ...options.load, profile });
    const owned = new Set(filesRead(generation).filter((file) => !claimed.has(file)));
    for (const file of owned) claimed.add(file);
    const handlers = generation.handlers.filter((h) => owned.has(h.source.file));
    shares.push({ profile, generation, owned, handlers });
  }
  return shares;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

function byPlace(a: Finding, b: Finding): number {
  return (
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    a.code.localeCompare(b.code)
  );
}

/** Drops repeats (one handler read by two passes) by code and place. */
function unique(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.code}\u0000${f.file}\u0000${f.pointer}\u0000${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function summarize(
  projectDir: string,
  shares: readonly HostShare[],
  findings: Finding[],
): DoctorReport {
  const sorted = unique(findings).sort(byPlace);
  return {
    projectDir,
    profiles: shares.map((s) => s.profile),
    findings: sorted,
    errors: sorted.filter((f) => f.severity === 'error').length,
    warnings: sorted.filter((f) => f.severity === 'warning').length,
    checked: Object.fromEntries(shares.map((s) => [s.profile, s.handlers.length])),
  };
}

/** The static checks of every host share. */
export async function staticFindings(
  shares: readonly HostShare[],
  options: DoctorOptions,
): Promise<Finding[]> {
  clearSourceDocs();
  const findings: Finding[] = [];
  for (const share of shares) {
    const ctx: CheckContext = {
      ...share,
      projectDir: share.generation.projectDir,
      env: options.load.env ?? process.env,
      platform: options.load.platform ?? process.platform,
      requireTrust: options.requireTrust === true,
      ...(options.trustFile === undefined ? {} : { trustFile: options.trustFile }),
    };
    for (const check of CHECKS) findings.push(...(await check(ctx)));
  }
  if (options.profile) findings.push(...(await otherHostFindings(options.profile, options.load)));
  return findings;
}

/**
 * Another host's file is not "never read" where the chosen host's bridge runs its hooks: the
 * Bridged section shows them instead of a DOCTOR_OTHER_HOST_FILE finding.
 */
function withoutBridgedFiles(
  findings: Finding[],
  profile: ProfileName | undefined,
  bridges: readonly BridgeListing[],
): Finding[] {
  const bridge = bridges.find((listing) => listing.host === profile);
  if (!bridge) return findings;
  const bridged = new Set(bridge.handlers.map((handler) => handler.source.file));
  return findings.filter((f) => f.code !== 'DOCTOR_OTHER_HOST_FILE' || !bridged.has(f.file ?? ''));
}

/** Runs every static check; the CLI adds the probe's findings when asked. */
export async function runDoctor(
  options: DoctorOptions,
): Promise<{ report: DoctorReport; shares: HostShare[] }> {
  const shares = await loadShares(options);
  const projectDir = shares[0]?.generation.projectDir ?? path.resolve(options.load.cwd);
  const bridges = await bridgeListings(
    shares.map((share) => share.generation.handlers),
    options.load,
  );
  const findings = withoutBridgedFiles(await staticFindings(shares, options), options.profile, bridges);
  const bridged = bridges.length > 0 ? { bridges } : {};
  if (!options.probe) return { report: { ...summarize(projectDir, shares, findings), ...bridged }, shares };
  const probe = await probeHooks(shares, {
    env: options.load.env ?? process.env,
    platform: options.load.platform ?? process.platform,
  });
  const report = summarize(projectDir, shares, [...findings, ...probe.findings]);
  return { report: { ...report, probe: probe.summary, ...bridged }, shares };
}
