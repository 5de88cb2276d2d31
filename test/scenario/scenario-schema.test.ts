import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { renderScenarioSchema } from '../../src/scenario/scenario-schema.ts';
import { REPO_ROOT } from '../helpers/paths.ts';

// Issue 15 item 2: schema/scenario.schema.json, generated from the models `agent-hooks test` reads with.

const FILE = join(REPO_ROOT, 'schema/scenario.schema.json');

describe('schema/scenario.schema.json', () => {
  const text = readFileSync(FILE, 'utf8');
  const model = z.fromJSONSchema(JSON.parse(text));

  it('is fresh, draft-07, with its unpkg $id', () => {
    expect(text).toBe(renderScenarioSchema());
    const schema = JSON.parse(text);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toBe('https://unpkg.com/agent-hooks/schema/scenario.schema.json');
  });

  it('accepts the demo project scenario file', () => {
    const demo = parseYaml(readFileSync(join(REPO_ROOT, 'examples/demo-project/hooks.test.yaml'), 'utf8'));
    expect(model.safeParse(demo).error?.issues ?? []).toEqual([]);
  });

  it('rejects an unknown expectation and a bad decision', () => {
    const one = (expect: unknown) => ({ cases: [{ name: 'x', event: 'Stop', expect }] });
    expect(model.safeParse(one({ decision: 'block' })).success).toBe(true);
    expect(model.safeParse(one({ decison: 'block' })).success).toBe(false);
    expect(model.safeParse(one({ decision: 'permit' })).success).toBe(false);
    expect(model.safeParse(one({ reason: { contain: 'x' } })).success).toBe(false);
  });
});
