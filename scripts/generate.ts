// Regenerates every derived file (docs tables, JSON Schemas) from the source data.
// `--check` fails instead of writing when a committed file differs: CI runs it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generated-files.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const stale: string[] = [];

for (const { path, render } of generatedFiles) {
  const target = join(root, path);
  const content = await render();
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) continue;
  if (check) {
    stale.push(path);
  } else {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    console.log(`wrote ${path}`);
  }
}
if (stale.length > 0) {
  console.error(`stale generated files (run \`npm run generate\`):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
if (check) console.log(`generated files are fresh (${generatedFiles.length})`);
