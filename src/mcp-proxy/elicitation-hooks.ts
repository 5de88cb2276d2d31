// Elicitation and ElicitationResult around an `elicitation/create` request from the server
// (claude-code-hooks.md §2.31, §2.32): hooks may answer for the user, or change the user's answer.
import { isRecord } from '../events/payload-values.ts';
import { dispatchFor, type ProxyContext } from './tool-hooks.ts';

export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

/** Elicitation: a hook's answer for the server, or undefined to ask the user through the client. */
export async function beforeElicitation(
  ctx: ProxyContext,
  params: Record<string, unknown>,
): Promise<ElicitAnswer | undefined> {
  const result = await dispatchFor(ctx, 'Elicitation', {
    mcp_server_name: ctx.serverName,
    message: params.message,
    ...(params.mode !== undefined ? { mode: params.mode } : {}),
    ...(params.url !== undefined ? { url: params.url } : {}),
    ...(params.elicitationId !== undefined ? { elicitation_id: params.elicitationId } : {}),
    ...(params.requestedSchema !== undefined ? { requested_schema: params.requestedSchema } : {}),
  });
  return answerOf(result.eventOutput);
}

/** ElicitationResult: the answer the server gets (the user's, or a hook's override). */
export async function afterElicitation(
  ctx: ProxyContext,
  params: Record<string, unknown>,
  answer: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await dispatchFor(ctx, 'ElicitationResult', {
    mcp_server_name: ctx.serverName,
    action: answer.action,
    ...(params.mode !== undefined ? { mode: params.mode } : {}),
    ...(params.elicitationId !== undefined ? { elicitation_id: params.elicitationId } : {}),
    ...(answer.content !== undefined ? { content: answer.content } : {}),
  });
  const override = answerOf(result.eventOutput);
  if (!override) return answer;
  // An override without content keeps the user's content for an accept (only the action changed).
  if (override.action === 'accept' && override.content === undefined && isRecord(answer.content)) {
    return { ...answer, action: 'accept', content: answer.content };
  }
  const { content: _dropped, ...rest } = answer;
  return { ...rest, ...override };
}

function answerOf(output: Record<string, unknown>): ElicitAnswer | undefined {
  if (typeof output.action !== 'string' || !ACTIONS.has(output.action)) return undefined;
  const action = output.action as ElicitAnswer['action'];
  // claude-code-hooks.md §2.31: `content` is only used with accept.
  return action === 'accept' && isRecord(output.content) ? { action, content: output.content } : { action };
}
