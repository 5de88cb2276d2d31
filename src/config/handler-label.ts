import type { NormalizedHandler } from '../model/handler.ts';

/** The text hosts show for a handler: its command line, URL, prompt or function id. */
export function handlerLabel(handler: NormalizedHandler): string {
  switch (handler.type) {
    case 'command': {
      const spec = handler.spec;
      const main =
        spec.command ??
        spec.exec ??
        spec.bash ??
        spec.linux ??
        spec.osx ??
        spec.powershell ??
        spec.windows ??
        '';
      return spec.args && spec.args.length > 0 ? [main, ...spec.args].join(' ') : main;
    }
    case 'http':
      return handler.spec.url;
    case 'prompt':
    case 'agent':
      return handler.spec.prompt;
    case 'mcp_tool':
      return `${handler.spec.server}/${handler.spec.tool}`;
    case 'function':
      return `function:${handler.spec.id}`;
  }
}
