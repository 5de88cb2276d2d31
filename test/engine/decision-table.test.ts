import { describe, expect, it } from 'vitest';
import { BASH_INPUT_SCHEMA, DECISION_TABLE, type DecisionRow } from '../../spec/decision-table.ts';
import { createHookEngine, eventKeyFor } from '../../src/index.ts';
import { HOOK_SCRIPT } from '../helpers/engine.ts';

const INPUTS: Record<string, Record<string, unknown>> = {
  PreToolUse: { tool_name: 'Bash', tool_input: { command: 'ls -la' }, tool_use_id: 'toolu_1' },
  PermissionRequest: { tool_name: 'Bash', tool_input: { command: 'ls -la' } },
  PostToolUse: {
    tool_name: 'Bash',
    tool_input: { command: 'ls -la' },
    tool_response: { stdout: 'ok', stderr: '' },
    tool_use_id: 'toolu_1',
  },
  PostToolUseFailure: { tool_name: 'Bash', tool_input: { command: 'ls -la' }, error: 'Path does not exist' },
  UserPromptSubmit: { prompt: 'hello' },
  SessionStart: { source: 'startup' },
  SubagentStart: { agent_id: 'a1', agent_type: 'Plan' },
  Stop: {},
  SessionEnd: { reason: 'other' },
};

/** A `timeout` row's hook sleeps 30 s; a short limit keeps the test from waiting out a long one. */
const TIMEOUT_ROW_SEC = 0.1;
/** Every other row must finish well inside its limit, even on a loaded machine. */
const ROW_TIMEOUT_SEC = 20;

function commandFor(row: DecisionRow): string {
  if (row.behaviour === 'missing-script') return '/nonexistent/agent-hooks/missing-hook.sh';
  return `sh ${HOOK_SCRIPT} ${row.behaviour} ${row.event}`;
}

function onFailureOf(row: DecisionRow): { onFailure?: 'block' } {
  return row.onFailure ? { onFailure: row.onFailure } : {};
}

/** The engine options of the row: the Bash input schema, and `invalidRewrite`. */
function rewriteCheckOf(row: DecisionRow) {
  return {
    ...(row.toolSchema ? { toolInputSchemas: { Bash: BASH_INPUT_SCHEMA } } : {}),
    ...(row.invalidRewrite ? { invalidRewrite: row.invalidRewrite } : {}),
  };
}

async function engineFor(row: DecisionRow) {
  const command = commandFor(row);
  const timeout = row.behaviour === 'timeout' ? TIMEOUT_ROW_SEC : ROW_TIMEOUT_SEC;
  if (row.profile === 'copilot-cli') {
    const key = eventKeyFor(row.event, 'copilot') ?? row.event;
    return createHookEngine({
      ...rewriteCheckOf(row),
      discover: false,
      profile: 'copilot-cli',
      sources: [
        {
          file: 'hooks.json',
          kind: 'copilot-hooks-file',
          scope: 'project',
          config: { version: 1, hooks: { [key]: [{ type: 'command', bash: command, timeoutSec: timeout }] } },
        },
      ],
    });
  }
  if (row.profile === 'vscode') {
    return createHookEngine({
      ...rewriteCheckOf(row),
      discover: false,
      profile: 'vscode',
      sources: [
        {
          file: 'hooks.json',
          kind: 'vscode-hooks',
          scope: 'project',
          config: { hooks: { [row.event]: [{ type: 'command', command, timeout }] } },
        },
      ],
    });
  }
  return createHookEngine({
    ...rewriteCheckOf(row),
    discover: false,
    sources: [
      {
        file: 'settings.json',
        kind: 'claude-settings',
        scope: 'project',
        config: {
          hooks: { [row.event]: [{ hooks: [{ type: 'command', command, timeout, ...onFailureOf(row) }] }] },
        },
      },
    ],
  });
}

describe('decision table (docs/decisions.md)', () => {
  it.concurrent.each(
    DECISION_TABLE.map((row) => [`${row.profile} ${row.event} ${row.behaviour}: ${row.why}`, row] as const),
  )('%s', async (_name, row) => {
    const engine = await engineFor(row);
    expect(engine.config.handlers).toHaveLength(1);
    const result = await engine.dispatch(row.event, INPUTS[row.event] ?? {});
    await engine.close();
    expect(result.hooks).toHaveLength(1);
    expect(result.hooks[0]?.outcome).toBe(row.outcome);
    expect(result.decision).toBe(row.decision);
    if (row.continue !== undefined) expect(result.continue).toBe(row.continue);
    if (row.contextAdded !== undefined) expect(result.additionalContext.length > 0).toBe(row.contextAdded);
    if (row.toModel !== undefined) expect(result.messages.toModel).toEqual(row.toModel);
    if (row.warning !== undefined) expect(result.hooks[0]?.warnings.join('\n')).toContain(row.warning);
    if (row.updatedInput === 'used') expect(result.updatedInput).toEqual({ cmd: 'ls' });
    if (row.updatedInput === 'discarded') {
      expect(result.updatedInput).toBeNull();
      expect(result.updatedInputCheck?.status).toBe('discarded');
      expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_INVALID_UPDATED_INPUT');
    }
  });
});
