// Issue 13, item 7: registerFrontmatterHooks ran an untrusted project skill's or agent's hooks even
// with `untrusted: 'skip'` or a refusing callback (the registered copies are session hooks, which
// the trust gate did not recognise). Frontmatter hooks are project hooks for trust
// (claude-code-hooks.md §6.4; docs/trust.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeTrustFingerprint, createTrustStore } from '../../src/config/trust/index.ts';
import { createHookEngine, type HookEngineOptions, type UntrustedInfo } from '../../src/index.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';

const SKILL = '.claude/skills/guard/SKILL.md';
const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };

/** A project whose skill's frontmatter hook leaves a marker file when it runs. */
function projectWithSkill(): { root: string; marker: string; trustFile: string } {
  const marker = join(tempDir('frontmatter-trust-marker'), 'ran');
  const skill = [
    '---',
    'name: guard',
    'description: a skill with a hook',
    'hooks:',
    '  PreToolUse:',
    '    - matcher: Bash',
    '      hooks:',
    `        - { type: command, command: "touch ${marker}" }`,
    '---',
    'Body.',
    '',
  ].join('\n');
  const root = makeTree({ [SKILL]: skill }, 'frontmatter-trust');
  return { root, marker, trustFile: join(tempDir('frontmatter-trust-store'), 'trust.json') };
}

async function dispatchWithSkill(root: string, options: HookEngineOptions) {
  const engine = await createHookEngine({ cwd: root, noUser: true, homeDir: join(root, 'home'), ...options });
  engine.session().registerFrontmatterHooks(SKILL);
  const result = await engine.dispatch('PreToolUse', BASH);
  await engine.close();
  return { engine, result };
}

describe('item 7: registered frontmatter hooks honour trust', () => {
  it("untrusted: 'skip' keeps an untrusted skill's hooks from running and reports them", async () => {
    const { root, marker, trustFile } = projectWithSkill();
    const { result } = await dispatchWithSkill(root, { untrusted: 'skip', trustFile });
    expect(result.hooks).toEqual([]);
    expect(result.skipped.map((s) => s.why)).toEqual([expect.stringMatching(/^untrusted project hook/)]);
    expect(result.skipped[0]?.source.file).toBe(join(root, SKILL));
    expect(existsSync(marker)).toBe(false);
  });

  it('a refusing callback is asked about the skill and keeps it from running', async () => {
    const { root, marker, trustFile } = projectWithSkill();
    const asked: UntrustedInfo[] = [];
    const refuse = (info: UntrustedInfo): boolean => {
      asked.push(info);
      return false;
    };
    const { result } = await dispatchWithSkill(root, { untrusted: refuse, trustFile });
    expect(asked.flatMap((info) => info.handlers.map((h) => h.source.scope))).toEqual(['frontmatter']);
    expect(result.hooks).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('an approved project runs them', async () => {
    const { root, marker, trustFile } = projectWithSkill();
    const first = await createHookEngine({ cwd: root, noUser: true, homeDir: join(root, 'home') });
    createTrustStore(trustFile).trust(root, computeTrustFingerprint(first.config.frontmatter, root));
    const { result } = await dispatchWithSkill(root, { untrusted: 'skip', trustFile });
    expect(result.hooks).toHaveLength(1);
    expect(existsSync(marker)).toBe(true);
  });
});
