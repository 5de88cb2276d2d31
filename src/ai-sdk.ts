/**
 * `agent-hooks/ai-sdk`: hooks for agents built on the Vercel AI SDK 6. `withHooks` wraps a tool
 * set so every call runs PreToolUse / PostToolUse like a Claude Code tool call; the other helpers
 * dispatch the loop's events. A separate entry point: it loads `ai`, which the root entry never does.
 */
export * from './ai-sdk/index.ts';
