import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.ts';

const run = promisify(execFile);
const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The bodies of the README's fenced blocks in `lang`, in order. */
function blocks(lang: string): string[] {
  return [...README.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n`, 'g'))].map(
    (m) => m[1] ?? '',
  );
}

// Issue 14: the README's examples work verbatim in a clone after the quick start (which builds
// dist/; the global setup has built it here).
describe('README examples', () => {
  it('the quick start is two commands: the demo (which builds dist/) and npm test, as CI runs it', () => {
    const quickStart = blocks('sh')[0]?.trim().split('\n') ?? [];
    expect(quickStart.map((line) => line.replace(/\s+#.*$/, ''))).toEqual([
      'npm ci && npm run demo',
      'npm test',
    ]);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.demo).toMatch(/^npm run -s build && /);
    expect(readFileSync(join(REPO_ROOT, '.ci', 'run'), 'utf8')).toMatch(/^npm test /m);
  });

  it('the CLI example runs as written with the built CLI and denies rm -rf', async () => {
    const example = blocks('sh').find((block) => block.includes('node dist/cli/main.js run'));
    expect(example, 'a README sh block running node dist/cli/main.js run').toBeDefined();
    const { stdout } = await run('bash', ['-c', example as string], { cwd: REPO_ROOT });
    const result = JSON.parse(stdout) as { decision: string; reason: string };
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/Blocked by the demo guard/);
  });

  it('names no command that a clone does not have (a bare `agent-hooks` only where installed from npm)', () => {
    for (const block of blocks('sh')) {
      for (const line of block.split('\n')) {
        const code = line.replace(/#.*$/, '');
        expect(code, line).not.toMatch(/(^|[|&;]\s*)agent-hooks\s/);
      }
    }
  });
});
