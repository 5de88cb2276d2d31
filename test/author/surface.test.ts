import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as author from '../../src/author.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every module `entry` loads at run time (type-only imports aside), by static reading. */
function runtimeGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => relative(SRC, file)).sort(), packages: [...packages].sort() };
}

describe('agent-hooks/author', () => {
  it('exports exactly this surface', () => {
    expect(Object.keys(author).sort()).toEqual([
      'HOST_ENV',
      'IN_PROCESS_TIMEOUT_MS',
      'MAX_PAYLOAD_BYTES',
      'allow',
      'ask',
      'block',
      'context',
      'defaultOnError',
      'defaultTimeoutMs',
      'defer',
      'defineHook',
      'deny',
      'isMain',
      'registerHook',
      'runHook',
      'stop',
      'systemMessage',
      'updateInput',
    ]);
  });

  it('loads zod, node built-ins and the event schemas, not the engine, runners or configuration', () => {
    const { files, packages } = runtimeGraph(`${SRC}author.ts`);
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual(['zod']);
    expect(files.filter((file) => /^(engine|runners|config|cli|match|sdk|telemetry)\//.test(file))).toEqual(
      [],
    );
    expect(files).toContain('events/wire/schemas.ts');
  });
});
