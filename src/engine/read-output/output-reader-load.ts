// The JSON output reader (normalize-output.ts) checks fields against the zod wire schemas, which
// are a large share of a cold start (issue 16 item 4). Most runs print no JSON (a guard that
// allows, a logger), so the reader is loaded only before a run whose output may hold some: the
// engine awaits loadOutputReader() before it reads such a run, and readJsonOutput uses it then.
import type { normalizeOutput } from './normalize-output.ts';

let normalize: typeof normalizeOutput | undefined;

/** True when `result` may carry a JSON object to read: parseStdout reads only text with a `{`. */
export function mayHoldJson(result: { stdout: string; output?: unknown }): boolean {
  return result.output !== undefined || result.stdout.includes('{');
}

/**
 * Loads the JSON output reader once; the engine awaits it before reading a run that may need it.
 * Once loaded it returns undefined, so the hot path awaits nothing (issue 16 item 4).
 */
export function loadOutputReader(): Promise<void> | undefined {
  if (normalize !== undefined) return undefined;
  return import('./normalize-output.ts').then((loaded) => {
    normalize = loaded.normalizeOutput;
  });
}

/** The JSON output reader; loadOutputReader() must have been awaited. */
export function outputReader(): typeof normalizeOutput {
  if (normalize === undefined)
    throw new Error('internal: a JSON output was read before loadOutputReader() was awaited');
  return normalize;
}
