/** A Claude settings object with one command handler per event. */
export function claudeHooks(entries: Record<string, string[]>, extra: object = {}, matcher?: string): object {
  const hooks: Record<string, object[]> = {};
  for (const [event, commands] of Object.entries(entries)) {
    hooks[event] = [
      { ...(matcher ? { matcher } : {}), hooks: commands.map((command) => ({ type: 'command', command })) },
    ];
  }
  return { hooks, ...extra };
}

export function commandOf(h: { type: string; spec: unknown }): string | undefined {
  const spec = h.spec as { command?: string; bash?: string };
  return spec.command ?? spec.bash;
}
