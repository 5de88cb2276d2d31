import { describe, expect, it } from 'vitest';
import { createLiveDisplay } from '../../src/cli/live-display.ts';
import { renderResult } from '../../src/cli/render-result.ts';
import { createHookEngine } from '../../src/index.ts';

describe('the CLI live display (a telemetry subscriber)', () => {
  it('shows each hook as it starts, with its statusMessage, and its outcome when it ends', async () => {
    const engine = await createHookEngine({
      discover: false,
      sources: [
        {
          file: 'settings.json',
          kind: 'claude-settings',
          config: {
            hooks: {
              PreToolUse: [
                {
                  hooks: [
                    { type: 'command', command: 'cat > /dev/null', statusMessage: 'Checking the command…' },
                  ],
                },
              ],
            },
          },
        },
      ],
    });
    let shown = '';
    engine.telemetry.subscribe(
      createLiveDisplay((text) => {
        shown += text;
      }),
    );
    const result = await engine.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'ls' },
    });
    await engine.close();
    // One status line, redrawn in place and erased at the end: the final account shows each hook once.
    expect(shown).toMatch(/^\r\u001b\[2K▸ running PreToolUse command Checking the command…/);
    expect(shown.endsWith('\r\u001b[2K')).toBe(true);
    expect(shown).not.toContain('\n');
    expect(result.hooks[0]?.statusMessage).toBe('Checking the command…');
    expect(renderResult(result, [], process.cwd())).toMatch(/status Checking the command…/);
  });
});
