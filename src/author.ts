/**
 * `agent-hooks/author`: write a hook in TypeScript once and run it under Claude Code, Copilot CLI
 * and VS Code. `defineHook(event, handler)` types the input per event and per tool, the helpers
 * (`allow`, `deny`, `context`, `block`, …) say what to do, and the runner reads any host's
 * payload and prints that host's JSON. It loads zod and the event schemas, not the engine.
 */
export * from './author/index.ts';
