import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MODEL_MCP_DECISION_TABLE,
  type ModelMcpAnswer,
  type ModelMcpRow,
} from '../../spec/decision-table-model-mcp.ts';
import { createHookEngine } from '../../src/index.ts';
import {
  anthropicToolUse,
  fixture,
  type MockLlmServer,
  type MockReply,
  startMockLlmServer,
} from '../helpers/mock-llm-server.ts';
import { tempDir, writeTree } from '../helpers/temp-dir.ts';

// docs/decisions.md "Prompt, agent and mcp_tool hooks": every row against real servers on
// 127.0.0.1, through the engine and its built-in runners (configured from the environment).
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mcp');
/** Rows whose answer never comes wait out this hook timeout (seconds); the rest get a long one. */
const HANG_TIMEOUT_SEC = 0.5;
const ROW_TIMEOUT_SEC = 20;
const HANGS: ReadonlySet<ModelMcpAnswer> = new Set([
  'never-answers',
  'tool-never-answers',
  'grep-never-ends',
]);
/** A line `(a+)+$` backtracks on for minutes (2^33 steps): the search must be stopped, never waited for. */
const BACKTRACKING_LINE = `${'a'.repeat(33)}!\n`;

const BASH_INPUT = { tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_1' };
const anthropicText = (text: string): MockReply => {
  const reply = structuredClone(fixture('anthropic', 'verdict-ok-true')) as { json: any };
  reply.json.content = [{ type: 'text', text }];
  return reply;
};
const toolUse = (name: string, input: unknown): MockReply => anthropicToolUse(name, input);
const SERVER_500: MockReply = {
  status: 500,
  body: '{"type":"error","error":{"type":"api_error","message":"boom"}}',
};

/** What the model server answers every request of a row (a repeated reply: agents ask again). */
const MODEL_REPLIES: Partial<Record<ModelMcpAnswer, MockReply>> = {
  'ok-true': fixture('anthropic', 'verdict-ok-true'),
  'ok-false': fixture('anthropic', 'verdict-ok-false'),
  'ok-false-no-reason': anthropicText('{"ok":false}'),
  'ok-false-impossible': fixture('anthropic', 'verdict-impossible'),
  'not-json': fixture('anthropic', 'invalid-json'),
  'fenced-json': anthropicText('```json\n{"ok":false,"reason":"deletes the build"}\n```'),
  'ok-as-string': anthropicText('{"ok":"false","reason":"deletes the build"}'),
  'http-500': SERVER_500,
  'never-answers': { hang: true },
  'structured-output-false': fixture('anthropic', 'tool-use-structured-false'),
  'stops-without-verdict': fixture('anthropic', 'text-only-done'),
  'unknown-tool-50-turns': toolUse('Write', { file_path: 'x', content: 'y' }),
  'grep-never-ends': toolUse('Grep', { pattern: '(a+)+$' }),
};

/** The mcp_tool hook of a row: server and tool (servers in the project's .mcp.json). */
const MCP_CALLS: Partial<Record<ModelMcpAnswer, { server: string; tool: string; input?: object }>> = {
  'hook-json-deny': { server: 'lint', tool: 'decide', input: { path: 'build' } },
  'plain-text': { server: 'lint', tool: 'say', input: { text: 'this deletes the build' } },
  'image-only': { server: 'lint', tool: 'picture' },
  'structured-content-only': { server: 'lint', tool: 'structured' },
  'is-error': { server: 'lint', tool: 'fail' },
  'unknown-tool': { server: 'lint', tool: 'no_such_tool' },
  'server-not-configured': { server: 'ghost', tool: 'echo' },
  'task-instead-of-result': { server: 'tasks', tool: 'dodge', input: { text: 'x' } },
  'server-dies': { server: 'lint', tool: 'crash' },
  'answer-too-large': { server: 'lint', tool: 'flood' },
  'tool-never-answers': { server: 'lint', tool: 'hang' },
};

let llm: MockLlmServer;
const savedEnv = { ...process.env };
beforeAll(async () => {
  llm = await startMockLlmServer();
  process.env.ANTHROPIC_API_KEY = 'sk-test';
  process.env.ANTHROPIC_BASE_URL = llm.origin;
  process.env.AGENT_HOOKS_MODEL = 'anthropic:claude-haiku-4-5';
});
afterAll(async () => {
  process.env = savedEnv;
  await llm.close();
});

function hookOf(row: ModelMcpRow): Record<string, unknown> {
  const timeout = HANGS.has(row.answer) ? HANG_TIMEOUT_SEC : ROW_TIMEOUT_SEC;
  if (row.handler !== 'mcp_tool') return { type: row.handler, prompt: 'Is this safe? $ARGUMENTS', timeout };
  const call = MCP_CALLS[row.answer];
  if (!call) throw new Error(`no MCP call for ${row.answer}`);
  return { type: 'mcp_tool', ...call, timeout, ...(row.onFailure ? { onFailure: row.onFailure } : {}) };
}

function projectFor(row: ModelMcpRow): string {
  const dir = tempDir('model-mcp-row');
  const stdio = (file: string) => ({ command: process.execPath, args: [join(FIXTURES, file)] });
  const matcher = row.event === 'Stop' ? {} : { matcher: 'Bash' };
  writeTree(dir, {
    '.mcp.json': { mcpServers: { lint: stdio('stdio-server.mjs'), tasks: stdio('task-server.mjs') } },
    '.claude/settings.json': { hooks: { [row.event]: [{ ...matcher, hooks: [hookOf(row)] }] } },
    'input.txt': BACKTRACKING_LINE,
  });
  return dir;
}

// One row at a time: the model server's reply is the row's, and agent rows ask it up to 50 times.
describe('decision table: prompt, agent and mcp_tool hooks (docs/decisions.md)', () => {
  it.each(
    MODEL_MCP_DECISION_TABLE.map(
      (row) =>
        [
          `${row.handler} ${row.event} ${row.answer}${row.onFailure ? ' (onFailure: block)' : ''}: ${row.why}`,
          row,
        ] as const,
    ),
  )('%s', async (_name, row) => {
    llm.reset();
    llm.repeat('anthropic', MODEL_REPLIES[row.answer]);
    const engine = await createHookEngine({
      cwd: projectFor(row),
      noUser: true,
      sessionId: 'model-mcp-table',
    });
    const started = Date.now();
    const result = await engine.dispatch(row.event, row.event === 'Stop' ? {} : BASH_INPUT);
    const tookMs = Date.now() - started;
    await engine.close();
    expect(result.hooks).toHaveLength(1);
    expect(result.hooks[0]?.outcome).toBe(row.outcome);
    expect(result.decision).toBe(row.decision);
    if (row.code) expect(result.diagnostics.map((d) => d.code)).toContain(row.code);
    // A row that never gets its answer ends at its own timeout, not at some other limit.
    if (HANGS.has(row.answer)) expect(tookMs).toBeLessThan(HANG_TIMEOUT_SEC * 1000 + 5_000);
  });
});
