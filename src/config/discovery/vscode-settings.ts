// VS Code's hook settings, read from its settings files the way VS Code reads them, so the vscode
// profile discovers what VS Code discovers (other-agents-hooks.md §2.2). VS Code layers settings:
// defaults, then the user's settings.json, then the workspace's `.vscode/settings.json`; an object
// setting such as `chat.hookFilesLocations` is merged key by key across the layers (which is why
// `false` is needed to turn a default location off), a boolean is replaced.
import path from 'node:path';
import { findNodeAtLocation, getNodeValue, type Node, type ParseError, parseTree } from 'jsonc-parser';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import { offsetMapper } from '../parse/source-doc.ts';
import { readRegularFile } from '../read-regular-file.ts';
import type { DiscoveryContext, VscodeSettings } from './types.ts';

/** The workspace settings file, relative to the project (other-agents-hooks.md §2.2). */
export const VSCODE_WORKSPACE_SETTINGS = '.vscode/settings.json';

const LOCATIONS = 'chat.hookFilesLocations';
const SWITCHES = {
  'chat.useClaudeHooks': 'useClaudeHooks',
  'chat.useCustomAgentHooks': 'useCustomAgentHooks',
} as const;

export interface VscodeSettingsRead {
  settings: VscodeSettings;
  diagnostics: Diagnostic[];
}

type SettingsPlace = Pick<DiscoveryContext, 'homeDir' | 'env' | 'platform'>;

/**
 * The user's settings.json of VS Code (microsoft/vscode `src/vs/platform/environment/node/
 * userDataPath.ts`): `$VSCODE_APPDATA`, else the platform's application-data folder, then
 * `Code/User`. Insiders, VSCodium and `--user-data-dir` keep theirs elsewhere and are not read.
 */
export function vscodeUserSettingsFile(ctx: SettingsPlace): string {
  const home = ctx.homeDir;
  const appData =
    ctx.env.VSCODE_APPDATA ??
    (ctx.platform === 'win32'
      ? (ctx.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
      : ctx.platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : (ctx.env.XDG_CONFIG_HOME ?? path.join(home, '.config')));
  return path.join(appData, 'Code', 'User', 'settings.json');
}

/** The settings files read, lowest layer first: the user's (unless `--no-user`), the workspace's. */
export function vscodeSettingsFiles(
  ctx: SettingsPlace & Pick<DiscoveryContext, 'projectDir' | 'noUser'>,
): string[] {
  const workspace = path.join(ctx.projectDir, VSCODE_WORKSPACE_SETTINGS);
  return ctx.noUser ? [workspace] : [vscodeUserSettingsFile(ctx), workspace];
}

/** One settings file's text; undefined when there is none (the usual case, not a problem). */
async function readText(file: string, diagnostics: Diagnostic[]): Promise<string | undefined> {
  try {
    return await readRegularFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const why = error instanceof Error ? error.message : String(error);
    diagnostics.push(
      diagnostic('CONFIG_FILE_UNREADABLE', `cannot read VS Code settings ${file}: ${why}`, { file }),
    );
    return undefined;
  }
}

/** Reads one layer into `into`; every value of the wrong type is a diagnostic and is left out. */
function readLayer(file: string, text: string, into: VscodeSettings, diagnostics: Diagnostic[]): void {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  const at = offsetMapper(text);
  // VS Code keeps what parses around a syntax error (its settings reader recovers), and so do we.
  for (const error of errors.slice(0, 1)) {
    diagnostics.push(
      diagnostic('CONFIG_INVALID_JSON', 'VS Code settings file does not parse; only what parses is used', {
        file,
        ...at(error.offset),
      }),
    );
  }
  if (root?.type !== 'object') return;
  const invalid = (node: Node, key: string, expected: string) =>
    diagnostics.push(
      diagnostic(
        'CONFIG_VSCODE_SETTING_INVALID',
        `${key} is ${describe(getNodeValue(node))}, expected ${expected}; ignored`,
        { file, ...at(node.offset), found: JSON.stringify(getNodeValue(node)), expected },
      ),
    );
  for (const [key, field] of Object.entries(SWITCHES)) {
    const node = findNodeAtLocation(root, [key]);
    if (node === undefined) continue;
    if (node.type === 'boolean') into[field] = getNodeValue(node) as boolean;
    else invalid(node, key, 'true or false');
  }
  const locations = findNodeAtLocation(root, [LOCATIONS]);
  if (locations === undefined) return;
  if (locations.type !== 'object') {
    invalid(locations, LOCATIONS, 'an object of paths to true or false');
    return;
  }
  const merged = { ...into.hookFilesLocations };
  for (const property of locations.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (keyNode === undefined || valueNode === undefined) continue;
    const entry = String(getNodeValue(keyNode));
    if (valueNode.type === 'boolean') merged[entry] = getNodeValue(valueNode) as boolean;
    else invalid(valueNode, `${LOCATIONS}[${JSON.stringify(entry)}]`, 'true or false');
  }
  into.hookFilesLocations = merged;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : `a ${typeof value}`;
}

/** VS Code's hook settings, user layer under workspace layer, with a diagnostic per bad value. */
export async function readVscodeSettings(
  ctx: SettingsPlace & Pick<DiscoveryContext, 'projectDir' | 'noUser'>,
): Promise<VscodeSettingsRead> {
  const out: VscodeSettingsRead = { settings: {}, diagnostics: [] };
  for (const file of vscodeSettingsFiles(ctx)) {
    const text = await readText(file, out.diagnostics);
    if (text !== undefined) readLayer(file, text, out.settings, out.diagnostics);
  }
  return out;
}
