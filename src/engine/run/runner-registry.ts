import type { HandlerType, NormalizedHandler } from '../../model/handler.ts';
import { runFunctionHandler } from '../../runners/function/function-runner.ts';
import type { HandlerRunner } from '../../runners/types.ts';

/**
 * Runners the engine can use, each typed for the handlers it gets, so `createCommandRunner()` goes
 * under `command` as it is; heavy ones load on first use (DESIGN.md "Fast when idle").
 */
export type RunnerTable = {
  [T in HandlerType]?: HandlerRunner<Extract<NormalizedHandler, { type: T }>>;
};

/** What the engine lends the built-in runners (agent hooks enforce their verdict through it). */
export interface RunnerDeps {
  stopGate?: StopGateFactory;
}

export type StopGateFactory = (
  check: () => boolean,
  message: string,
  context: { sessionId: string },
) => { stop(): Promise<{ blocked: boolean; reason?: string }>; dispose(): void };

type RunnerLoader = (deps: RunnerDeps) => Promise<HandlerRunner>;

const LOADERS: Record<HandlerType, RunnerLoader> = {
  command: async () => (await import('../../runners/command/index.ts')).runCommandHandler as HandlerRunner,
  http: async () => (await import('../../runners/http/index.ts')).runHttpHandler as HandlerRunner,
  prompt: async () =>
    (await import('../../runners/llm/prompt-runner.ts')).createPromptRunner({}) as HandlerRunner,
  agent: async (deps) =>
    (await import('../../runners/llm/agent-runner.ts')).createAgentRunner(
      deps.stopGate ? { stopGate: deps.stopGate } : {},
    ) as HandlerRunner,
  mcp_tool: async () =>
    (await import('../../runners/mcp/mcp-tool-runner.ts')).createMcpToolRunner({}) as HandlerRunner,
  function: async () => runFunctionHandler as HandlerRunner,
};

/** Resolves handler types to runners: injected ones first, then the built-in lazy ones. */
export class RunnerRegistry {
  readonly #resolved = new Map<HandlerType, HandlerRunner>();
  readonly #pending = new Map<HandlerType, Promise<HandlerRunner>>();
  readonly #deps: RunnerDeps;

  constructor(injected: RunnerTable = {}, deps: RunnerDeps = {}) {
    this.#deps = deps;
    // The table gives each type its own handlers only, so widening here is sound.
    for (const [type, runner] of Object.entries(injected)) {
      if (runner) this.#resolved.set(type as HandlerType, runner as HandlerRunner);
    }
    // An embedder's own `function` runner (e.g. one that wraps the built-in) is used, not replaced.
    if (!this.#resolved.has('function')) this.#resolved.set('function', runFunctionHandler as HandlerRunner);
  }

  /** Synchronous when already loaded, so the common path adds no extra await. */
  peek(type: HandlerType): HandlerRunner | undefined {
    return this.#resolved.get(type);
  }

  /** Closes every runner that holds resources, also one whose module was still loading. */
  async close(): Promise<void> {
    await Promise.allSettled(this.#pending.values());
    const closing: Promise<unknown>[] = [];
    for (const runner of this.#resolved.values()) {
      const close = (runner as { close?: () => Promise<void> }).close;
      if (typeof close === 'function') closing.push(close.call(runner).catch(() => undefined));
    }
    await Promise.all(closing);
  }

  async get(type: HandlerType): Promise<HandlerRunner> {
    const ready = this.#resolved.get(type);
    if (ready) return ready;
    let pending = this.#pending.get(type);
    if (!pending) {
      pending = LOADERS[type](this.#deps).then((runner) => {
        this.#resolved.set(type, runner);
        return runner;
      });
      this.#pending.set(type, pending);
    }
    return pending;
  }
}
