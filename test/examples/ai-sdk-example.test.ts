import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const DOC = readFileSync(new URL('../../docs/ai-sdk.md', import.meta.url), 'utf8');
const EXAMPLE = readFileSync(new URL('../../examples/ai-sdk/agent.ts', import.meta.url), 'utf8');

/** The body of the `index`-th fenced block of `lang` in the doc. */
function block(lang: string, index = 0): string {
  const blocks = [...DOC.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n`, 'g'))];
  return blocks[index]?.[1] ?? '';
}

describe('docs/ai-sdk.md example (examples/ai-sdk/agent.ts)', () => {
  it('shows the example file, with the package names a user imports', () => {
    const published = EXAMPLE.replace("from '../../src/index.ts'", "from 'agent-hooks'").replace(
      "from '../../src/ai-sdk.ts'",
      "from 'agent-hooks/ai-sdk'",
    );
    expect(published).not.toBe(EXAMPLE);
    expect(block('ts')).toBe(published);
  });

  it('prints what the page says it prints', async () => {
    const { stdout } = await run(TSX, ['examples/ai-sdk/agent.ts'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const shown = block('text').split('\n').slice(1).join('\n');
    expect(stdout).toBe(shown);
    expect(stdout).toMatch(/PreToolUse:Bash hook error: .*guard-dangerous\.sh\]: Blocked by the demo guard/);
  }, 60_000);
});
