import { readFile } from 'node:fs/promises';

/** Reads `--input FILE|-` as a JSON object; an absent input is `{}`. */
export async function readInputOption(value: string | undefined): Promise<Record<string, unknown>> {
  if (value === undefined) return {};
  const text = value === '-' ? await readStdin() : await readFile(value, 'utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const where = value === '-' ? 'standard input' : value;
    throw new Error(
      `--input ${where} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('--input must hold one JSON object (the event input)');
  }
  return parsed as Record<string, unknown>;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
