// Prometheus text exposition (format 0.0.4), written here rather than taken from a client
// library: the server needs counters, gauges and histograms with labels, which is this file,
// and no process-global registry.

type Labels = Record<string, string>;

const DURATION_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
}

/** Identifies a label set on the hot path; escaping waits until a scrape renders it. */
function seriesKey(labels: Labels): string {
  let key = '';
  for (const name in labels) key += `${name}\u0000${labels[name]}\u0001`;
  return key;
}

interface Metric {
  render(): string;
}

class Counter implements Metric {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' = 'counter',
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = seriesKey(labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += by;
    else this.#values.set(key, { labels, value: by });
  }

  set(labels: Labels, value: number): void {
    this.#values.set(seriesKey(labels), { labels, value });
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
    for (const { labels, value } of this.#values.values())
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join('\n');
  }
}

class Histogram implements Metric {
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: number[] = DURATION_BUCKETS_S,
  ) {}

  observe(labels: Labels, value: number): void {
    const key = seriesKey(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) series.counts[i]! += 1;
    series.sum += value;
    series.count += 1;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      for (const [i, bound] of this.buckets.entries())
        lines.push(`${this.name}_bucket${labelText(labels, ['le', String(bound)])} ${counts[i]}`);
      lines.push(`${this.name}_bucket${labelText(labels, ['le', '+Inf'])} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

/** Everything `/metrics` shows. Gauges are read when scraped, through `sample`. */
export class ServerMetrics {
  readonly requests = new Counter(
    'agent_hooks_requests_total',
    'HTTP requests to /hooks by host and status code.',
  );
  readonly dispatches = new Counter(
    'agent_hooks_dispatches_total',
    'Dispatches by team, host, event and decision (none when no hook decided).',
  );
  readonly hookRuns = new Counter(
    'agent_hooks_hook_runs_total',
    'Hook runs by team, handler type and outcome.',
  );
  readonly dispatchSeconds = new Histogram(
    'agent_hooks_dispatch_duration_seconds',
    'Time from request to answer, by host.',
  );
  readonly hookSeconds = new Histogram(
    'agent_hooks_hook_duration_seconds',
    'Duration of one hook run, by type.',
  );
  readonly auditWritten = new Counter('agent_hooks_audit_written_total', 'Audit records stored.');
  readonly auditFailures = new Counter(
    'agent_hooks_audit_write_failures_total',
    'Audit batches that failed and were retried.',
  );
  readonly reloads = new Counter('agent_hooks_config_reloads_total', 'Configuration reloads by team.');
  readonly inFlight = new Counter('agent_hooks_in_flight', 'Dispatches running now.', 'gauge');
  readonly auditQueue = new Counter(
    'agent_hooks_audit_queue',
    'Audit records waiting to be written.',
    'gauge',
  );

  /** Called before rendering, to read gauges from their owners. */
  sample: () => void = () => undefined;

  render(): string {
    this.sample();
    const all: Metric[] = [
      this.requests,
      this.dispatches,
      this.hookRuns,
      this.dispatchSeconds,
      this.hookSeconds,
      this.auditWritten,
      this.auditFailures,
      this.reloads,
      this.inFlight,
      this.auditQueue,
    ];
    return `${all.map((metric) => metric.render()).join('\n')}\n`;
  }
}
