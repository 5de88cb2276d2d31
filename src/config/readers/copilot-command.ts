import type { EventName } from '../../model/event-name.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import type { ReadContext } from './context.ts';

/** Copilot command entries: one of bash/powershell/command/exec; `exec` stands alone (§1.1). */
export function commandFieldsValid(
  ctx: ReadContext,
  entry: Record<string, unknown>,
  path: PathSegment[],
  event: EventName,
): boolean {
  const shellKeys = ['bash', 'powershell', 'command'].filter((key) => entry[key] !== undefined);
  if (shellKeys.length === 0 && entry.exec === undefined) {
    ctx.report(
      'CONFIG_INVALID_FIELD',
      'A command entry needs one of "bash", "powershell", "command" or "exec"',
      path,
      {
        expected: 'bash | powershell | command | exec',
        found: 'none of them',
        event,
      },
    );
    return false;
  }
  if (entry.exec !== undefined && shellKeys.length > 0) {
    ctx.report(
      'CONFIG_INVALID_FIELD',
      `"exec" cannot be combined with ${shellKeys.map((key) => `"${key}"`).join(', ')}`,
      [...path, 'exec'],
      {
        expected: 'exec alone, or shell keys without exec',
        found: `exec + ${shellKeys.join(' + ')}`,
        event,
      },
    );
    return false;
  }
  if (entry.args !== undefined && entry.exec === undefined) {
    ctx.report(
      'CONFIG_UNSUPPORTED_BY_HOST',
      '"args" is used only with "exec"; it is ignored here',
      [...path, 'args'],
      {
        expected: 'exec + args',
        found: 'args without exec',
        event,
      },
    );
  }
  return true;
}
