import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEventsDoc } from '../../src/events/render-docs.ts';
import { EVENT_NAMES } from '../../src/model/event-name.ts';

describe('docs/events.md', () => {
  it('has one summary row and one section per event', () => {
    const doc = renderEventsDoc();
    for (const name of EVENT_NAMES) {
      expect(doc).toContain(`| [\`${name}\`](#${name.toLowerCase()}) |`);
      expect(doc).toContain(`\n## ${name}\n`);
    }
    expect(doc).toContain('| `agentStop` | `Stop` | `Stop` |');
  });

  it('the committed file is fresh (npm run generate)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../docs/events.md'), 'utf8');
    expect(committed).toBe(renderEventsDoc());
  });
});
