import type { AsyncLocalStorage } from 'node:async_hooks';
import type { HookEngine, TelemetryEvent } from '../index.ts';
import type { DispatchRow } from './audit/schema.ts';
import type { TenantEngine } from './tenants.ts';

/** Who a running dispatch belongs to; telemetry listeners read it to label what they see. */
export interface DispatchScope {
  id: string;
  team: string;
  host: string;
  machine: string | null;
}

/** What the inspector's live list shows of one dispatch: at its start, and its audit row at the end. */
export type LiveDispatch =
  | {
      phase: 'start';
      id: string;
      team: string;
      host: string;
      machine: string | null;
      session: string;
      event: string;
      tool: string | null;
      time: number;
      handlers: number;
    }
  | ({ phase: 'end' } & DispatchRow);

type Client = (item: LiveDispatch) => void;

/**
 * The inspector's live list, for server-sent events. A dispatch's start comes from the engine's
 * telemetry bus (its team and audit id from the request's AsyncLocalStorage scope, which the
 * bus's synchronous emit runs inside); its end is the audit row, so dispatches that ran no hook
 * or failed show too. It listens only while a client is connected.
 */
export class LiveFeed {
  readonly #scope: AsyncLocalStorage<DispatchScope>;
  readonly #engines = new Set<HookEngine>();
  readonly #subscriptions = new Map<HookEngine, () => void>();
  readonly #clients = new Set<Client>();
  readonly #closers = new Set<() => void>();
  /** Dispatches whose start went out and whose end has not (bounded by the in-flight cap). */
  readonly #started = new Set<string>();

  constructor(scope: AsyncLocalStorage<DispatchScope>) {
    this.#scope = scope;
  }

  get clients(): number {
    return this.#clients.size;
  }

  attach(tenant: TenantEngine): void {
    if (this.#engines.has(tenant.engine)) return;
    this.#engines.add(tenant.engine);
    if (this.#clients.size > 0) this.#subscribe(tenant.engine);
  }

  /** Adds a client; `onClose` is called when the server shuts down. Returns its disposer. */
  connect(client: Client, onClose?: () => void): () => void {
    this.#clients.add(client);
    if (onClose) this.#closers.add(onClose);
    if (this.#clients.size === 1) for (const engine of this.#engines) this.#subscribe(engine);
    return () => {
      this.#clients.delete(client);
      if (onClose) this.#closers.delete(onClose);
      if (this.#clients.size > 0) return;
      for (const off of this.#subscriptions.values()) off();
      this.#subscriptions.clear();
      this.#started.clear();
      // Nobody watches: stop the AsyncLocalStorage's promise hooks until someone does.
      this.#scope.disable();
    };
  }

  /** Ends every client's stream (shutdown: open event streams would keep the server alive). */
  closeAll(): void {
    for (const close of [...this.#closers]) close();
  }

  #subscribe(engine: HookEngine): void {
    if (this.#subscriptions.has(engine)) return;
    this.#subscriptions.set(
      engine,
      engine.telemetry.subscribe((event) => this.#onTelemetry(event), { includeHookEvents: false }),
    );
  }

  /** A dispatch's audit row, published by the hook route when the dispatch is over. */
  publish(row: DispatchRow): void {
    if (this.#clients.size === 0) return;
    this.#started.delete(row.id);
    this.#send({ phase: 'end', ...row });
  }

  #onTelemetry(event: TelemetryEvent): void {
    if (event.type !== 'dispatch-start') return;
    const scope = this.#scope.getStore();
    // Nested dispatches (an agent hook's own Stop) belong to the same request: show the outer one.
    if (!scope || this.#started.has(scope.id)) return;
    this.#started.add(scope.id);
    this.#send({
      phase: 'start',
      id: scope.id,
      team: scope.team,
      host: scope.host,
      machine: scope.machine,
      session: event.sessionId,
      event: event.event,
      tool: typeof event.input?.tool_name === 'string' ? event.input.tool_name : null,
      time: Date.now(),
      handlers: event.handlers,
    });
  }

  #send(item: LiveDispatch): void {
    for (const client of this.#clients) client(item);
  }
}
