// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` here is shell and placeholder syntax under test.
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../../src/model/dialect.ts';
import type { CommandFields } from '../../../src/model/handler.ts';
import { resolveCommand } from '../../../src/runners/command/resolve.ts';

const subs = { CLAUDE_PLUGIN_ROOT: '/plug root', CLAUDE_PROJECT_DIR: '/proj' };

function resolve(spec: CommandFields, dialect: Dialect, platform: NodeJS.Platform) {
  return resolveCommand(spec, { dialect, platform, substitutions: subs });
}

describe('resolveCommand: Claude (claude-code-hooks.md §4.2)', () => {
  it('runs shell form with /bin/sh -c on Linux and macOS', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(resolve({ command: 'echo hi | wc' }, 'claude', platform)).toMatchObject({
        file: '/bin/sh',
        args: ['-c', 'echo hi | wc'],
        shell: 'sh',
      });
    }
  });

  it('honours shell: bash and shell: powershell', () => {
    expect(resolve({ command: 'x', shell: 'bash' }, 'claude', 'linux')).toMatchObject({
      file: 'bash',
      args: ['-c', 'x'],
      shell: 'bash',
    });
    expect(resolve({ command: 'x', shell: 'powershell' }, 'claude', 'darwin')).toMatchObject({
      file: 'pwsh',
      args: ['-NoProfile', '-NonInteractive', '-Command', 'x'],
      shell: 'pwsh',
    });
    expect(resolve({ command: 'x', shell: 'powershell' }, 'claude', 'win32')).toMatchObject({
      file: 'powershell.exe',
      shell: 'powershell',
    });
  });

  it('uses Windows PowerShell for shell form on Windows, pwsh when the embedder chooses it', () => {
    expect(resolve({ command: 'Write-Output hi' }, 'claude', 'win32')).toMatchObject({
      file: 'powershell.exe',
      args: ['-NoProfile', '-NonInteractive', '-Command', 'Write-Output hi'],
    });
    const pwsh = resolveCommand(
      { command: 'x' },
      { dialect: 'claude', platform: 'win32', substitutions: {}, windowsPowerShell: 'pwsh' },
    );
    expect(pwsh).toMatchObject({ file: 'pwsh', shell: 'pwsh' });
  });

  it('runs exec form without a shell on every OS, args verbatim, placeholders substituted', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const resolved = resolve(
        {
          command: '${CLAUDE_PLUGIN_ROOT}/bin/tool',
          args: ['${CLAUDE_PROJECT_DIR}/a b', "it's $HOME", '${OTHER}'],
        },
        'claude',
        platform,
      );
      expect(resolved).toEqual({
        file: '/plug root/bin/tool',
        args: ['/proj/a b', "it's $HOME", '${OTHER}'],
        shell: null,
        display: `'/plug root/bin/tool' '/proj/a b' 'it'\\''s $HOME' '\${OTHER}'`,
      });
    }
  });

  it('substitutes placeholders in shell form and leaves unknown ones to the shell', () => {
    expect(resolve({ command: '"${CLAUDE_PLUGIN_ROOT}/x.sh" ${HOME}' }, 'claude', 'linux')).toMatchObject({
      args: ['-c', '"/plug root/x.sh" ${HOME}'],
    });
  });

  it('reports a missing command', () => {
    expect(resolve({}, 'claude', 'linux')).toEqual({ error: 'the handler has no `command`' });
  });
});

describe('resolveCommand: Copilot CLI (other-agents-hooks.md §1)', () => {
  it('runs `bash` with bash on POSIX and `powershell` on Windows', () => {
    const spec = { bash: 'echo posix', powershell: 'Write-Output win' };
    for (const platform of ['linux', 'darwin'] as const) {
      expect(resolve(spec, 'copilot', platform)).toMatchObject({ file: 'bash', args: ['-c', 'echo posix'] });
    }
    expect(resolve(spec, 'copilot', 'win32')).toMatchObject({
      file: 'powershell.exe',
      args: ['-NoProfile', '-NonInteractive', '-Command', 'Write-Output win'],
    });
  });

  it('falls back to `command` when the OS key is missing', () => {
    expect(resolve({ command: 'run' }, 'copilot-compat', 'linux')).toMatchObject({ args: ['-c', 'run'] });
    expect(resolve({ command: 'run' }, 'copilot', 'win32')).toMatchObject({ file: 'powershell.exe' });
    expect(resolve({ bash: 'only-posix' }, 'copilot', 'win32')).toEqual({
      error: 'the handler has no command for win32: set `powershell` or `command`',
    });
    expect(resolve({ powershell: 'only-win' }, 'copilot', 'darwin')).toMatchObject({
      error: expect.stringContaining('darwin'),
    });
  });

  it('runs exec + args without a shell', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(resolve({ exec: 'node', args: ['a b', '$X'] }, 'copilot', platform)).toMatchObject({
        file: 'node',
        args: ['a b', '$X'],
        shell: null,
      });
    }
    expect(resolve({ exec: 'node' }, 'copilot', 'linux')).toMatchObject({ args: [] });
  });
});

describe('resolveCommand: VS Code (other-agents-hooks.md §2.4)', () => {
  const spec = { command: 'default', windows: 'win', linux: 'lin', osx: 'mac' };
  it('picks the OS override and runs it with /bin/sh or PowerShell', () => {
    expect(resolve(spec, 'vscode', 'linux')).toMatchObject({ file: '/bin/sh', args: ['-c', 'lin'] });
    expect(resolve(spec, 'vscode', 'darwin')).toMatchObject({ file: '/bin/sh', args: ['-c', 'mac'] });
    expect(resolve(spec, 'vscode', 'win32')).toMatchObject({
      file: 'powershell.exe',
      args: [...POWERSHELL, 'win'],
    });
  });

  it('falls back to bash/powershell keys, then to command', () => {
    expect(resolve({ command: 'd', bash: 'b', powershell: 'p' }, 'vscode', 'linux')).toMatchObject({
      args: ['-c', 'b'],
    });
    expect(resolve({ command: 'd', bash: 'b', powershell: 'p' }, 'vscode', 'win32')).toMatchObject({
      args: [...POWERSHELL, 'p'],
    });
    expect(resolve({ command: 'd' }, 'vscode', 'darwin')).toMatchObject({ args: ['-c', 'd'] });
    expect(resolve({ windows: 'w' }, 'vscode', 'linux')).toMatchObject({ error: expect.any(String) });
  });
});

const POWERSHELL = ['-NoProfile', '-NonInteractive', '-Command'];
