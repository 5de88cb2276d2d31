import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';
import { staticImportGraph } from '../helpers/import-graph.ts';
import { DIST_DIR } from '../helpers/paths.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

// Issue 16 item 4: a host starts `run` or `bridge` on every tool call, so what they load
// statically is paid each time. zod (the configuration models and the wire schemas) loads only
// for a file or an output it must describe; other commands' modules not at all. Reads the dist/
// the global setup built; the bundled bin follows the same imports.
describe.each(['run', 'bridge'])('the %s command, as loaded on every event', (command) => {
  const graph = staticImportGraph(join(DIST_DIR, 'cli', 'commands', `${command}.js`));
  const files = graph.files.map((file) => relative(DIST_DIR, file));

  it('loads no zod, no root entry and no other command', () => {
    expect(graph.packages).not.toContain('zod');
    expect(files).not.toContain('index.js');
    expect(files.filter((file) => file.startsWith('cli/commands/'))).toEqual(
      command === 'bridge'
        ? ['cli/commands/bridge-install-commands.js', 'cli/commands/bridge.js']
        : ['cli/commands/run.js'],
    );
  });
});

describe('the bundled bin’s files', () => {
  const dir = dirname(builtBinPath());

  it('that every start loads are ASCII, so V8 keeps each as a one-byte string (text is escaped)', () => {
    // The entry, the cold path's loader, its code (compiled from the code cache) and the cache loader.
    const loaded = readdirSync(dir).filter((file) =>
      /^(agent-hooks|chunk-cold-path-.*|chunk-code-cache|chunk-main-.*|chunk-rolldown-runtime-.*)\.cjs$/.test(
        file,
      ),
    );
    expect(loaded).toHaveLength(6);
    for (const file of loaded)
      expect(/[^\x00-\x7f]/.test(readFileSync(join(dir, file), 'utf8')), file).toBe(false);
  });

  it('are CommonJS, so a start does not begin Node’s ES module loader', () => {
    for (const file of readdirSync(dir)) {
      expect(file).toMatch(/\.cjs$/);
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/^(import|export)\b/m);
    }
  });
});

describe('the bundled bin’s entry', () => {
  it('turns on the compile cache (where Node has one) before it loads the CLI', () => {
    const entry = readFileSync(builtBinPath(), 'utf8');
    const loads = [...entry.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1] ?? '');
    expect(loads.filter((name) => name.startsWith('./chunk-main-'))).toHaveLength(1);
    expect(entry.indexOf('enableCompileCache')).toBeGreaterThan(0);
    expect(entry.indexOf('enableCompileCache')).toBeLessThan(entry.indexOf('require("./chunk-main-'));
  });
});

/** Runs the built bin in a new Node process; its exit code, stdout, and the builtins it loaded. */
function startWithModuleList(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin = '',
): Promise<{ code: number; stdout: string; builtins: string[] }> {
  const listFile = join(tempDir('module-list'), 'loaded.json');
  const preload = writeFile(
    tempDir('module-list-preload'),
    'preload.cjs',
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(listFile)}, JSON.stringify(process.moduleLoadList)));`,
  );
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--require', preload, builtBinPath(), ...args],
      { env: { ...process.env, NO_COLOR: '1', ...env } },
      (error, stdout) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const loaded = JSON.parse(readFileSync(listFile, 'utf8')) as string[];
        const builtins = loaded
          .filter((name) => name.startsWith('NativeModule '))
          .map((name) => name.slice(13));
        resolve({ code, stdout, builtins });
      },
    );
    child.stdin?.end(stdin);
  });
}

describe('node:crypto on the cold path (src/model/sha256.ts)', () => {
  const project = tempDir('crypto-cold');
  writeFile(
    project,
    '.claude/settings.json',
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'exit 0' }] }] } }),
  );
  const home = tempDir('crypto-cold-home');
  const env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') };
  const run = ['run', 'Stop', '--cwd', project, '--no-user', '--json'];

  it('is not loaded by a run whose project hooks have no approval to compare with', async () => {
    const started = await startWithModuleList(run, env);
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout).hooks[0].untrusted).toBe(true);
    expect(started.builtins).not.toContain('crypto');
  });

  it('is loaded once there is an approval, and the approved hooks run trusted', async () => {
    const approve = await startWithModuleList(['trust', '--yes', '--cwd', project, '--no-user'], env);
    expect(approve.code).toBe(0);
    const started = await startWithModuleList(run, env);
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout).hooks[0].untrusted).toBeUndefined();
    expect(started.builtins).toContain('crypto');
  });
});

describe('node:crypto in the bridge (the session file is named only when state is used)', () => {
  const project = tempDir('crypto-bridge');
  writeFile(
    project,
    '.github/hooks/guard.json',
    JSON.stringify({
      version: 1,
      hooks: {
        preToolUse: [{ type: 'command', bash: 'exit 0' }],
        agentStop: [{ type: 'command', bash: 'exit 0' }],
      },
    }),
  );
  const home = tempDir('crypto-bridge-home');
  const env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') };
  const stateDir = join(home, 'state');
  const bridge = ['bridge', '--host', 'claude-code', '--cwd', project, '--no-user', '--state-dir', stateDir];
  const payload = (event: string, extra: object) =>
    JSON.stringify({
      session_id: 'crypto-session',
      transcript_path: '/tmp/t.jsonl',
      cwd: project,
      hook_event_name: event,
      ...extra,
    });

  it('is not loaded for a tool call, which reads no session state', async () => {
    const call = payload('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 't1',
    });
    const started = await startWithModuleList(bridge, env, call);
    expect(started.code).toBe(0);
    expect(started.builtins).not.toContain('crypto');
  });

  it('is loaded for Stop, whose block count lives in the session file', async () => {
    const started = await startWithModuleList(bridge, env, payload('Stop', { stop_hook_active: false }));
    expect(started.code).toBe(0);
    expect(started.builtins).toContain('crypto');
  });
});
