// Where a benchmark's machine-readable result goes. `--json` prints one JSON object on stdout
// (clean when the script is run directly, `npx tsx bench/run.ts --json`, or as `npm run -s bench --
// --json`; plain `npm run` adds its own banner lines to stdout). `--out FILE` writes the same
// object to FILE, whatever npm prints around it, and keeps the human progress lines on stderr.
import { writeFileSync } from 'node:fs';

export interface JsonOutput {
  /** True when the human table must stay off stdout. */
  quiet: boolean;
  emit: (result: unknown) => void;
}

export function jsonOutput(argv: readonly string[]): JsonOutput {
  const outIndex = argv.indexOf('--out');
  const out = outIndex >= 0 ? argv[outIndex + 1] : undefined;
  if (outIndex >= 0 && (out === undefined || out.startsWith('--'))) {
    throw new Error('--out needs a file name: npm run bench -- --out bench.json');
  }
  const text = (result: unknown) => `${JSON.stringify(result)}\n`;
  if (out !== undefined) return { quiet: false, emit: (result) => writeFileSync(out, text(result)) };
  if (argv.includes('--json')) return { quiet: true, emit: (result) => process.stdout.write(text(result)) };
  return { quiet: false, emit: () => {} };
}
