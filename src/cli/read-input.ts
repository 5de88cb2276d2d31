import { readFile } from 'node:fs/promises';

/** Reads `--input FILE|-` (`-` is `stdin`) as a JSON object; an absent input is `{}`. */
export async function readInputOption(
  value: string | undefined,
  stdin: NodeJS.ReadableStream,
): Promise<Record<string, unknown>> {
  if (value === undefined) return {};
  const text = value === '-' ? await readAll(stdin) : await readFile(value, 'utf8');
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

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
