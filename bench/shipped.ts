// Benchmarks measure the shipped code: the compiled dist/ that `npm run bench` builds first,
// typed by its sources. (Running the sources through tsx adds its own wrappers to every call.)
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

async function load<T>(relative: string): Promise<T> {
  const file = join(DIST, relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (npm run bench does)`);
  return (await import(pathToFileURL(file).href)) as T;
}

export const shippedIndex = () => load<typeof import('../src/index.ts')>('index.js');
export const shippedPlan = async () => ({
  ...(await load<typeof import('../src/engine/plan/build-index.ts')>('engine/plan/build-index.js')),
  ...(await load<typeof import('../src/engine/plan/select.ts')>('engine/plan/select.js')),
});
export const shippedProfiles = () =>
  load<typeof import('../src/engine/profiles/profiles.ts')>('engine/profiles/profiles.js');
export const shippedCommandRunner = () =>
  load<typeof import('../src/runners/command/index.ts')>('runners/command/index.js');
