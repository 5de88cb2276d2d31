import type { CommandHandler } from '../../../src/model/handler.ts';
import type { Scope } from '../../../src/model/source.ts';

export function commandHandler(
  command: string,
  options: { scope?: Scope; file?: string; pointer?: string; matcher?: string; args?: string[] } = {},
): CommandHandler {
  return {
    type: 'command',
    event: 'PreToolUse',
    eventKey: 'PreToolUse',
    dialect: 'claude',
    source: {
      file: options.file ?? '.claude/settings.json',
      pointer: options.pointer ?? '/hooks/PreToolUse/0/hooks/0',
      scope: options.scope ?? 'project',
      line: 5,
    },
    ...(options.matcher === undefined ? {} : { matcher: options.matcher }),
    spec: { command, ...(options.args === undefined ? {} : { args: options.args }) },
  };
}
