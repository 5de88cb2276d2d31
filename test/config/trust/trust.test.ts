import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  computeTrustFingerprint,
  createTrustStore,
  decideUntrusted,
  defaultTrustStorePath,
  trustStatus,
} from '../../../src/config/trust/index.ts';
import type { NormalizedHandler } from '../../../src/model/handler.ts';
import { tempDir, writeFile } from '../../helpers/temp-dir.ts';
import { commandHandler } from './fixtures.ts';

function setup() {
  const project = tempDir('trust-project');
  const storePath = join(tempDir('trust-store'), 'nested', 'trust.json');
  writeFile(project, '.claude/hooks/guard.sh', '#!/bin/sh\necho one\n');
  const handlers: NormalizedHandler[] = [
    commandHandler('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', { matcher: 'Bash' }),
    commandHandler('echo user', { scope: 'user', file: '/home/x/.claude/settings.json' }),
  ];
  return { project, store: createTrustStore(storePath), storePath, handlers };
}

describe('trust fingerprint', () => {
  it('covers project definitions and their scripts, not user hooks', () => {
    const { project, handlers } = setup();
    const fp = computeTrustFingerprint(handlers, project);
    expect(fp.items.map((item) => item.id)).toEqual([
      '.claude/settings.json#/hooks/PreToolUse/0/hooks/0',
      'script:.claude/hooks/guard.sh',
    ]);
    expect(fp.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes each script as it was when read, whether it waits for its hash (small) or not (large)', () => {
    const project = tempDir('trust-lazy');
    const small = '#!/bin/sh\necho small\n';
    const large = `#!/bin/sh\n# ${'x'.repeat(70 * 1024)}\n`;
    writeFile(project, 'small.sh', small);
    writeFile(project, 'large.sh', large);
    const fp = computeTrustFingerprint([commandHandler('./small.sh'), commandHandler('./large.sh')], project);
    // Edited after the fingerprint read them: the hashes are of what was read.
    writeFile(project, 'small.sh', '#!/bin/sh\necho edited\n');
    writeFile(project, 'large.sh', '#!/bin/sh\necho edited\n');
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const scripts = Object.fromEntries(
      fp.items.filter((i) => i.kind === 'script').map((i) => [i.id, i.hash]),
    );
    expect(scripts).toEqual({ 'script:large.sh': sha(large), 'script:small.sh': sha(small) });
    expect(JSON.parse(JSON.stringify(fp.items)).map((i: { hash: string }) => i.hash)).toEqual(
      fp.items.map((i) => i.hash),
    );
  });

  it('does not depend on property order of the handler', () => {
    const { project } = setup();
    const a = commandHandler('x.sh', { matcher: 'Bash' });
    const b = { ...a, spec: { command: 'x.sh' }, matcher: 'Bash' } as NormalizedHandler;
    expect(computeTrustFingerprint([a], project).hash).toBe(computeTrustFingerprint([b], project).hash);
  });

  it('a project without project hooks is trusted without approval', () => {
    const { project, store, handlers } = setup();
    const status = trustStatus([handlers[1] as NormalizedHandler], project, store);
    expect(status.trusted).toBe(true);
  });
});

describe('trust round trip (user-pain.md #8)', () => {
  it('trust → trusted; edit definition → names it; edit script → names it; revert → trusted', () => {
    const { project, store, handlers } = setup();
    const before = trustStatus(handlers, project, store);
    expect(before).toMatchObject({ trusted: false, changed: [] });
    expect(before.diagnostic?.code).toBe('SECURITY_UNTRUSTED_PROJECT_HOOK');

    store.trust(project, computeTrustFingerprint(handlers, project));
    expect(trustStatus(handlers, project, store).trusted).toBe(true);

    const edited = [commandHandler('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', { matcher: 'Bash|Edit' })];
    const afterEdit = trustStatus(edited, project, store);
    expect(afterEdit.trusted).toBe(false);
    expect(afterEdit.changed).toEqual(['changed hook .claude/settings.json#/hooks/PreToolUse/0/hooks/0']);
    expect(afterEdit.reason).toContain('changed hook .claude/settings.json#/hooks/PreToolUse/0/hooks/0');

    writeFile(project, '.claude/hooks/guard.sh', '#!/bin/sh\necho two\n');
    const afterScript = trustStatus(handlers, project, store);
    expect(afterScript.trusted).toBe(false);
    expect(afterScript.changed).toEqual(['changed script .claude/hooks/guard.sh']);
    expect(afterScript.diagnostic?.code).toBe('SECURITY_TRUST_CHANGED');

    writeFile(project, '.claude/hooks/guard.sh', '#!/bin/sh\necho one\n');
    expect(trustStatus(handlers, project, store).trusted).toBe(true);
  });

  it('reports added and removed hooks', () => {
    const { project, store, handlers } = setup();
    store.trust(project, computeTrustFingerprint(handlers, project));
    const added = [...handlers, commandHandler('echo new', { pointer: '/hooks/PreToolUse/1/hooks/0' })];
    expect(trustStatus(added, project, store).changed).toEqual([
      'added hook .claude/settings.json#/hooks/PreToolUse/1/hooks/0',
    ]);
    expect(trustStatus([], project, store).trusted).toBe(true);
    const other = [commandHandler('echo other', { pointer: '/hooks/Stop/0/hooks/0' })];
    expect(trustStatus(other, project, store).changed).toEqual([
      'added hook .claude/settings.json#/hooks/Stop/0/hooks/0',
      'removed hook .claude/settings.json#/hooks/PreToolUse/0/hooks/0',
      'removed script .claude/hooks/guard.sh',
    ]);
  });

  it('revoke forgets the approval; the store is a private JSON file keyed by absolute path', () => {
    const { project, store, storePath, handlers } = setup();
    const fp = computeTrustFingerprint(handlers, project);
    store.trust(`${project}/./`, fp);
    expect(store.isTrusted(project, fp)).toBe(true);
    const data = JSON.parse(readFileSync(storePath, 'utf8'));
    expect(Object.keys(data.projects)).toHaveLength(1);
    expect(store.revoke(project)).toBe(true);
    expect(store.revoke(project)).toBe(false);
    expect(store.isTrusted(project, fp)).toBe(false);
  });

  it('approving another profile keeps the first approval; changes are diffed against the closest one', () => {
    const { project, store, handlers } = setup();
    store.trust(project, computeTrustFingerprint(handlers, project));
    const copilot = [
      commandHandler('./.claude/hooks/guard.sh', {
        file: '.github/hooks/a.json',
        pointer: '/hooks/preToolUse/0',
      }),
    ];
    store.trust(project, computeTrustFingerprint(copilot, project));
    expect(store.approvals(project)).toHaveLength(2);
    expect(trustStatus(handlers, project, store).trusted).toBe(true);
    expect(trustStatus(copilot, project, store).trusted).toBe(true);
    const edited = [commandHandler('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', { matcher: 'Edit' })];
    expect(trustStatus(edited, project, store).changed).toEqual([
      'changed hook .claude/settings.json#/hooks/PreToolUse/0/hooks/0',
    ]);
  });

  it('a corrupt store throws instead of trusting', () => {
    const dir = tempDir('corrupt');
    const path = writeFile(dir, 'trust.json', '{ nope');
    expect(() => createTrustStore(path).get(dir)).toThrow(/not valid JSON/);
  });
});

describe('defaultTrustStorePath', () => {
  it('uses XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultTrustStorePath({ XDG_CONFIG_HOME: '/xdg' }, '/h')).toBe('/xdg/agent-hooks/trust.json');
    expect(defaultTrustStorePath({}, '/h')).toBe('/h/.config/agent-hooks/trust.json');
    expect(existsSync('/xdg')).toBe(false);
  });
});

describe('decideUntrusted', () => {
  const info = {
    projectDir: '/p',
    handlers: [],
    status: { trusted: false, reason: '', changed: [] },
  } as never;
  it('defaults to run; honours skip and callbacks; a throwing callback skips', async () => {
    expect(await decideUntrusted(undefined, info)).toBe('run');
    expect(await decideUntrusted('skip', info)).toBe('skip');
    expect(await decideUntrusted(async () => true, info)).toBe('run');
    expect(await decideUntrusted(() => false, info)).toBe('skip');
    expect(
      await decideUntrusted(() => {
        throw new Error('x');
      }, info),
    ).toBe('skip');
  });
});
