// Events whose output the host does not process (issue 12 point 16; seed 003, seed 000,
// other-agents-hooks.md §2.5): the hook runs, its answer decides nothing, and a warning says why.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type InlineSource } from '../../src/index.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));
const print = (output: object) => `sh ${ANSWER} '${JSON.stringify(output)}' '' 0`;

function copilotSource(key: string, output: object): InlineSource {
  const hooks = { [key]: [{ type: 'command', bash: print(output) }] };
  return { file: 'hooks.json', kind: 'copilot-hooks-file', scope: 'project', config: { version: 1, hooks } };
}

async function dispatchOnce(
  profile: 'copilot-cli' | 'vscode' | 'claude-code',
  source: InlineSource,
  event: string,
) {
  const engine = await createHookEngine({ discover: false, profile, sources: [source] });
  const result = await engine.dispatch(event, {});
  await engine.close();
  return result;
}

describe('copilot-cli: errorOccurred, preCompact and sessionEnd output is not processed (seed 003)', () => {
  it('errorOccurred continue:false does not stop the agent; a warning names the ignored field', async () => {
    const result = await dispatchOnce(
      'copilot-cli',
      copilotSource('errorOccurred', { continue: false, stopReason: 'halt' }),
      'errorOccurred',
    );
    expect(result.hooks[0]?.exitCode).toBe(0);
    expect(result.continue).toBe(true);
    expect(result.messages.toUser).toEqual([]);
    expect(result.hooks[0]?.warnings.join('\n')).toMatch(/ignored continue, stopReason: Copilot CLI/);
    expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_OUTPUT_IGNORED');
  });

  it('preCompact decision:block blocks nothing', async () => {
    const result = await dispatchOnce(
      'copilot-cli',
      copilotSource('preCompact', { decision: 'block', reason: 'not now' }),
      'preCompact',
    );
    expect(result.decision).toBeNull();
    expect(result.messages.toModel).toEqual([]);
  });

  it('sessionEnd additionalContext goes nowhere', async () => {
    const result = await dispatchOnce(
      'copilot-cli',
      copilotSource('sessionEnd', { additionalContext: 'too late' }),
      'sessionEnd',
    );
    expect(result.additionalContext).toEqual([]);
  });
});

describe('vscode: PreCompact reads the common output only (seed 000)', () => {
  const source = (output: object): InlineSource => ({
    file: 'hooks.json',
    kind: 'vscode-hooks',
    scope: 'project',
    config: { hooks: { PreCompact: [{ type: 'command', command: print(output) }] } },
  });

  it('a decision:block is ignored; systemMessage is kept', async () => {
    const result = await dispatchOnce(
      'vscode',
      source({ decision: 'block', reason: 'not now', systemMessage: 'compacting' }),
      'PreCompact',
    );
    expect(result.decision).toBeNull();
    expect(result.systemMessages).toEqual(['compacting']);
    expect(result.hooks[0]?.warnings.join('\n')).toMatch(/ignored block: VS Code/);
  });

  it('Claude Code still blocks compaction (claude-code-hooks.md §3.3)', async () => {
    const claude: InlineSource = {
      file: 'settings.json',
      kind: 'claude-settings',
      scope: 'project',
      config: {
        hooks: {
          PreCompact: [{ hooks: [{ type: 'command', command: print({ decision: 'block', reason: 'no' }) }] }],
        },
      },
    };
    const result = await dispatchOnce('claude-code', claude, 'PreCompact');
    expect(result.decision).toBe('block');
  });
});
