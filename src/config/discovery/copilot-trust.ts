// Copilot CLI's folder trust (copilot-cli-observed.md "Running it offline"): repository hooks load
// only in a trusted folder. The host keeps its permanently trusted folders in its own settings
// (docs.github.com "Configure GitHub Copilot CLI" › Editing trusted directories): the
// `trustedFolders` array of `$COPILOT_HOME/settings.json` (JSON with comments), formerly the
// `trusted_folders` array of `config.json`, which the host still reads. A folder is trusted with
// everything below it. `--trust-folder` and `COPILOT_ALLOW_ALL=true` trust the folder for one run.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { copilotHome } from './copilot-cli.ts';
import type { DiscoveryContext } from './types.ts';

export interface CopilotFolderTrust {
  trusted: boolean;
  /** One sentence for `skipped` and `list`: why the folder is (not) trusted. */
  why: string;
}

/** The keys each settings file may hold the list under, newest first. */
const TRUST_FILES: readonly [string, readonly string[]][] = [
  ['settings.json', ['trustedFolders', 'trusted_folders']],
  ['config.json', ['trustedFolders', 'trusted_folders']],
];

/** The folders one settings file trusts; a missing or unreadable file trusts nothing. */
async function trustedIn(file: string, keys: readonly string[]): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const parsed: unknown = parse(text, [], { allowTrailingComma: true });
  if (typeof parsed !== 'object' || parsed === null) return [];
  const record = parsed as Record<string, unknown>;
  return keys.flatMap((key) => {
    const list = record[key];
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  });
}

/** Whether `dir` is `root` or lies below it. */
function within(root: string, dir: string): boolean {
  const rel = path.relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Whether Copilot CLI would load the repository's hooks in `ctx.projectDir`. */
export async function copilotFolderTrust(ctx: DiscoveryContext): Promise<CopilotFolderTrust> {
  if (ctx.copilotTrustFolder === true) return { trusted: true, why: 'trusted with --trust-folder' };
  if (ctx.env.COPILOT_ALLOW_ALL === 'true') return { trusted: true, why: 'COPILOT_ALLOW_ALL=true' };
  const home = copilotHome(ctx);
  const advice = 'pass --trust-folder, or trust the folder in Copilot CLI';
  if (ctx.noUser) {
    return {
      trusted: false,
      why: `Copilot CLI loads repository hooks only in a trusted folder, and --no-user ignores its trusted folders in ${home.pattern}/settings.json (${advice})`,
    };
  }
  for (const [name, keys] of TRUST_FILES) {
    const file = path.join(home.dir, name);
    const root = (await trustedIn(file, keys)).find((entry) =>
      within(path.resolve(home.dir, entry), ctx.projectDir),
    );
    if (root !== undefined) return { trusted: true, why: `${root} is trusted in ${file}` };
  }
  return {
    trusted: false,
    why: `Copilot CLI loads repository hooks only in a trusted folder, and ${ctx.projectDir} is not in trustedFolders of ${home.pattern}/settings.json (${advice})`,
  };
}
