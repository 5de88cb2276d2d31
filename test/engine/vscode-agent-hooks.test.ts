// Hooks in a VS Code custom agent's frontmatter (`.github/agents/*.agent.md`) under the vscode
// profile. VS Code reads them as it reads a hook file (other-agents-hooks.md §2.3: "same shape
// (direct entries or Claude nested {matcher, hooks})"; §2.4 step 3 discards the matcher and drops
// every non-command type; step 4 keeps only its own command keys). Claude nested groups there
// were read with Claude's rules (matcher, exec form, `if`, http hooks). Real processes and a real
// server on 127.0.0.1; the Claude Code control reads the same frontmatter as a Claude agent.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
import { validateJson } from '../helpers/report-json.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import { launchServer, type TestServer } from '../runners/http/http-test-kit.ts';

const PRINT_ARGS = fileURLToPath(new URL('../fixtures/command/print-args.sh', import.meta.url));
const VSCODE_AGENT = '.github/agents/guard.agent.md';
const CLAUDE_AGENT = '.claude/agents/guard.md';
/** A call the group's matcher ("Bash") and the hook's `if` do not match. */
const READ_CALL = { tool_name: 'Read', tool_input: { file_path: 'a.txt' }, tool_use_id: 't1' };

let server: TestServer;

beforeAll(async () => {
  server = await launchServer({ '/hook': (_req, res) => res.writeHead(200).end('{}') });
});

afterAll(async () => {
  await server.close();
});

/** A Claude-style nested group: a command hook with args and `if`, and an http hook. */
function frontmatter(): string {
  return [
    '---',
    'name: guard',
    'description: an agent with hooks',
    'hooks:',
    '  PreToolUse:',
    '    - matcher: Bash',
    '      hooks:',
    '        - type: command',
    `          command: "${PRINT_ARGS}"`,
    '          args: ["one"]',
    '          if: "Bash(rm *)"',
    '        - type: http',
    `          url: "${server.origin}/hook"`,
    '---',
    'Body.',
    '',
  ].join('\n');
}

async function dispatchAgent(profile: 'vscode' | 'claude-code', file: string) {
  const root = makeTree({ [file]: frontmatter() }, 'vscode-agent-hooks');
  const before = server.received.length;
  const engine = await createHookEngine({
    cwd: root,
    noUser: true,
    homeDir: join(root, 'home'),
    profile,
    vscodeSettings: { useCustomAgentHooks: true },
  });
  try {
    engine.session().registerFrontmatterHooks(join(root, file));
    const result = await engine.dispatch('PreToolUse', READ_CALL);
    return { result, received: server.received.slice(before) };
  } finally {
    await engine.close();
  }
}

describe("vscode: a custom agent's Claude nested hooks are read as VS Code reads them (§2.3–§2.4)", () => {
  it('the matcher and "if" are ignored, "args" dropped and the http hook skipped; Claude Code reads them all', async () => {
    const vscode = await dispatchAgent('vscode', VSCODE_AGENT);
    expect(vscode.result.hooks).toHaveLength(1);
    expect(vscode.result.hooks[0]?.stdout).toBe('');
    expect(vscode.received).toEqual([]);
    const claude = await dispatchAgent('claude-code', CLAUDE_AGENT);
    expect(claude.result.hooks).toEqual([]);
  });

  it('validate --profile vscode says each key VS Code does not read, at its line and column', async () => {
    const root = makeTree({ [VSCODE_AGENT]: frontmatter() }, 'vscode-agent-validate');
    const { code, diagnostics: found } = await validateJson(root, [VSCODE_AGENT]);
    expect(code).toBe(0);
    expect(found.map((d) => `${d.severity} ${d.code} ${d.pointer} ${d.line}:${d.column}`)).toEqual([
      'info CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/matcher 6:16',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/0/args 10:11',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/0/if 11:11',
      'warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/1/type 12:17',
    ]);
  });
});
