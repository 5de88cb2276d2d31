import { z } from 'zod';
import { claudeHooks } from './claude.ts';

/** Skill and agent markdown frontmatter (claude-code-hooks.md §6.1); other keys are allowed. */
export const frontmatterHooks = z
  .looseObject({
    hooks: claudeHooks
      .optional()
      .describe('Hooks active while this skill or agent is in use (`once` is honoured in skills only).'),
  })
  .describe('Markdown frontmatter of a skill or agent: only `hooks` is described here.');
