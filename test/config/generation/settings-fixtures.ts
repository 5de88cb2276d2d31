import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type TreeSpec = Record<string, string | object>;

/** Writes files (objects as JSON) under a fresh temp folder; returns its path. */
export async function makeTree(files: TreeSpec): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'agent-hooks-tree-'));
  await writeTree(root, files);
  return root;
}

export async function writeTree(root: string, files: TreeSpec): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
}

export async function removeTree(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** A Claude settings object with one command handler per event. */
export function claudeHooks(entries: Record<string, string[]>, extra: object = {}, matcher?: string): object {
  const hooks: Record<string, object[]> = {};
  for (const [event, commands] of Object.entries(entries)) {
    hooks[event] = [
      { ...(matcher ? { matcher } : {}), hooks: commands.map((command) => ({ type: 'command', command })) },
    ];
  }
  return { hooks, ...extra };
}

export function commandOf(h: { type: string; spec: unknown }): string | undefined {
  const spec = h.spec as { command?: string; bash?: string };
  return spec.command ?? spec.bash;
}
