// Places hook texts where Claude Code places them: next to the tool result the model reads
// (claude-code-observed.md "Decisions": PostToolUse context and blocking errors). An AI SDK tool
// message holds only results, so the texts are appended to the result itself.
import type { Tool } from 'ai';

/** The AI SDK's `ToolResultOutput` (not re-exported by `ai` itself). */
export type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/** Between the tool's own output and the hook texts, and between two hook texts. */
const SEPARATOR = '\n\n';

export function appendTexts(output: ToolResultOutput, texts: readonly string[]): ToolResultOutput {
  if (texts.length === 0) return output;
  const joined = texts.join(SEPARATOR);
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { ...output, value: `${output.value}${SEPARATOR}${joined}` };
    case 'json':
      return {
        type: 'content',
        value: [{ type: 'text', text: JSON.stringify(output.value) }, ...textParts(texts)],
      };
    case 'error-json':
      return { type: 'error-text', value: `${JSON.stringify(output.value)}${SEPARATOR}${joined}` };
    case 'content':
      return { ...output, value: [...output.value, ...textParts(texts)] };
    case 'execution-denied':
      return { ...output, reason: output.reason ? `${output.reason}${SEPARATOR}${joined}` : joined };
    default:
      return output;
  }
}

function textParts(texts: readonly string[]): { type: 'text'; text: string }[] {
  return texts.map((text) => ({ type: 'text', text }));
}

/** What the AI SDK sends for a result when the tool has no `toModelOutput` of its own. */
export function defaultModelOutput(output: unknown): ToolResultOutput {
  if (typeof output === 'string') return { type: 'text', value: output };
  return { type: 'json', value: (output ?? null) as never };
}
