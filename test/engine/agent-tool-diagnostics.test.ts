import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
import { anthropicToolUse, fixture, useMockAnthropic } from '../helpers/mock-llm-server.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// A coded error an agent hook's tool gives its model (a Read of something that is no file) is in
// the dispatch result too: the hook's author sees why the model decided as it did.

const llm = useMockAnthropic();
let project: string;
beforeAll(async () => {
  project = tempDir('agent-tool-diagnostics');
  mkdirSync(`${project}/folder`);
});

describe("an agent hook's tool errors", () => {
  it('are diagnostics of the dispatch result, beside the verdict', async () => {
    const engine = await createHookEngine({
      discover: false,
      cwd: project,
      sessionId: 'agent-tool-diagnostics',
      sources: [
        {
          file: 'settings.json',
          kind: 'claude-settings',
          config: {
            hooks: { Stop: [{ hooks: [{ type: 'agent', prompt: 'Check. $ARGUMENTS', timeout: 30 }] }] },
          },
        },
      ],
    });
    try {
      llm.server.queue('anthropic', anthropicToolUse('Read', { file_path: 'folder' }));
      llm.server.queue('anthropic', fixture('anthropic', 'tool-use-structured-false'));
      const result = await engine.dispatch('Stop', {});
      expect(result.decision).toBe('block');
      expect(result.reason).toContain('no test covers negative numbers');
      expect(result.diagnostics).toContainEqual(
        expect.objectContaining({
          code: 'RUNNER_AGENT_TOOL_NOT_A_FILE',
          message: expect.stringContaining('agent tool: folder is a directory'),
        }),
      );
    } finally {
      await engine.close();
    }
  });
});
