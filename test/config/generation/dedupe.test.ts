import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { dedupeHandlers, findDuplicates } from '../../../src/config/policy/index.ts';
import type { NormalizedHandler } from '../../../src/model/handler.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { commandOf } from './settings-fixtures.ts';

const group = (matcher: string, hooks: object[]) => ({ matcher, hooks });
const cmd = (command: string, extra: object = {}) => ({ type: 'command', command, ...extra });

async function load() {
  const root = makeTree({
    'p/.claude/settings.json': {
      hooks: {
        PreToolUse: [
          group('Bash', [cmd('echo same', { timeout: 5 }), cmd('echo same', { if: 'Bash(git *)' })]),
          group('Edit|Bash', [cmd('echo same', { timeout: 60 })]),
        ],
      },
    },
    'home/.claude/settings.json': { hooks: { PreToolUse: [group('Bash', [cmd('echo same')])] } },
    'plugin/hooks/hooks.json': { hooks: { PreToolUse: [group('Bash', [cmd('echo same')])] } },
  });
  return loadConfig({
    profile: 'claude-code',
    cwd: path.join(root, 'p'),
    homeDir: path.join(root, 'home'),
    pluginDirs: [path.join(root, 'plugin')],
    noUser: false,
    managedDir: path.join(root, 'none'),
  });
}

describe('deduplication by identity (claude-code-hooks.md §4.9)', () => {
  it('is not applied at load time: the same command under different matchers must stay available', async () => {
    const gen = await load();
    expect(gen.handlers.map(commandOf)).toEqual([
      'echo same',
      'echo same',
      'echo same',
      'echo same',
      'echo same',
    ]);
  });

  it('collapses a matched set: same command and if across groups and files runs once, even with other timeouts', async () => {
    const gen = await load();
    const { handlers, duplicates } = dedupeHandlers(gen.handlers);
    // kept: project copy (first in precedence), the `if` variant, and the plugin's own copy
    expect(handlers.map((h) => [h.source.scope, h.if ?? null, h.timeoutMs ?? null])).toEqual([
      ['project', null, 5000],
      ['project', 'Bash(git *)', null],
      ['plugin', null, null],
    ]);
    expect(
      duplicates.map((d) => [d.kept.source.pointer, d.dropped.source.pointer, d.dropped.source.scope]),
    ).toEqual([
      ['/hooks/PreToolUse/0/hooks/0', '/hooks/PreToolUse/1/hooks/0', 'project'],
      ['/hooks/PreToolUse/0/hooks/0', '/hooks/PreToolUse/0/hooks/0', 'user'],
    ]);
  });

  it('reports every duplicate with both sources and whether the matchers agree', async () => {
    const gen = await load();
    const reports = findDuplicates(gen.handlers);
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({ event: 'PreToolUse', sameMatcher: false });
    expect(reports[1]).toMatchObject({ sameMatcher: true });
    expect(reports[1]!.dropped.file).toMatch(/home/);
    expect(reports[1]!.why).toContain(reports[1]!.kept.file);
  });

  it('never collapses function hooks or handlers without identity', () => {
    const fn = (id: string): NormalizedHandler => ({
      type: 'function',
      event: 'Stop',
      eventKey: 'Stop',
      dialect: 'claude',
      source: { file: '<session>', pointer: '', scope: 'session' },
      identity: 'same',
      spec: { id, callback: () => true },
    });
    const noId: NormalizedHandler = {
      type: 'command',
      event: 'Stop',
      eventKey: 'Stop',
      dialect: 'claude',
      source: { file: 'a', pointer: '', scope: 'project' },
      spec: { command: 'x' },
    };
    expect(dedupeHandlers([fn('a'), fn('b'), noId, { ...noId }]).handlers).toHaveLength(4);
  });
});
