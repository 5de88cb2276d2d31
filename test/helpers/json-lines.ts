import { readFileSync } from 'node:fs';

/** The JSON objects of a JSON-lines file in order; none when the file does not exist yet. */
export function readJsonLines(file: string): Record<string, any>[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}
