// Merges the interpreted runs of one dispatch into its result, in configured order.
import { diagnostic } from '../../errors.ts';
import { getEvent } from '../../events/catalogue.ts';
import { matcherValue } from '../../match/index.ts';
import type { EventName } from '../../model/event-name.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchResult, HookRunReport } from '../dispatch/result.ts';
import type { RunItem } from '../run/run-all.ts';
import { retireSessionHooks } from '../session/session-lifecycle.ts';
import { applyStopCap, isStopEvent } from '../session/stop-loop.ts';
import { aggregate } from './aggregate.ts';
import { createContextCapper } from './context-cap.ts';

export function finish(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  items: RunItem[],
  sessionId: string,
  result: DispatchResult,
): void {
  const value = matcherValue(event, input);
  const spec = getEvent(event);
  const hookLabel = spec.matcher.field && value ? `${event}:${value}` : event;
  const conflicts = aggregate(
    items,
    {
      event,
      profile: ctx.profile,
      interactive: ctx.options.interactive ?? false,
      hookLabel,
      capContext: createContextCapper(ctx.profile.contextCapChars, sessionId),
      input,
    },
    result,
  );
  for (const conflict of conflicts) {
    result.diagnostics.push(
      diagnostic('ENGINE_OUTPUT_CONFLICT', `${event}: ${conflict}`, { event, severity: 'warning' }),
    );
  }
  for (const item of items) {
    result.hooks.push(report(item, ctx));
    if (item.result.envExports) Object.assign(result.envExports, item.result.envExports);
    for (const warning of item.interpretation.warnings) {
      result.diagnostics.push(
        diagnostic('ENGINE_OUTPUT_IGNORED', `${event} hook ${item.label}: ${warning}`, {
          event,
          file: item.handler.source.file,
          pointer: item.handler.source.pointer,
          severity: 'warning',
        }),
      );
    }
  }
  if (isStopEvent(event)) applyStopCap(ctx, event, input, sessionId, result);
  retireSessionHooks(ctx, event, input, items, sessionId, result.decision === 'block');
}

function report(item: RunItem, ctx: EngineContext): HookRunReport {
  const { result, interpretation, handler } = item;
  return {
    source: handler.source,
    type: handler.type,
    label: item.label,
    ...(handler.statusMessage !== undefined ? { statusMessage: handler.statusMessage } : {}),
    outcome: interpretation.outcome,
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: result.durationMs,
    stdout: result.stdout,
    stderr: result.stderr,
    output: interpretation.output,
    effect: interpretation.explanation,
    warnings: interpretation.warnings,
    ...(ctx.snapshot.untrusted.has(handler) ? { untrusted: true } : {}),
  };
}
