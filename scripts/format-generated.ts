// Generated TypeScript is written as the repository's formatter would leave it, so the freshness
// check compares like with like. Shared by the render-*.ts generators.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

/** `text` formatted by biome as the file at `path` (relative to the repository root). */
export function formatGenerated(path: string, text: string): string {
  const formatted = spawnSync(BIOME, ['format', `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
  if (formatted.status !== 0) throw new Error(`biome format failed: ${formatted.stderr}`);
  return formatted.stdout;
}
