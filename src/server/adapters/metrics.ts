import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';

/** One value of a gauge: its labels and its number. */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
}

/** A gauge read at scrape time: its name, help and label names (docs/decisions/045-metrics.md). */
export interface CollectorDef {
  name: string;
  help: string;
  labelNames?: string[];
  /** A counter: a running total kept by its owner (`_total`), read the same way; a gauge unless set. */
  kind?: 'gauge' | 'counter';
}

/**
 * The process's metrics (Prometheus text format, prom-client), one registry per app. Modules add gauges with
 * `registerCollector` when they are built, so the code that serves `/metrics` imports none of them.
 */
export interface Metrics {
  /** One request seen: its route pattern (never the raw URL), method, status and duration. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /**
   * A gauge whose samples `read` answers at each scrape (the caller caches what is costly). A failing read is logged
   * and counted (`trove_metrics_collect_errors_total`, seen from the next scrape), never a failed scrape; the gauge then
   * has no sample (a gauge without labels shows 0).
   */
  registerCollector(def: CollectorDef, read: () => Promise<Sample[]>): void;
  /** The whole text of a scrape. */
  text(): Promise<string>;
  readonly contentType: string;
}

/** Seconds: from a cached answer (a few ms) to a slow database call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(opts: {
  onError: (collector: string, err: unknown) => void;
  /** Node's own metrics (event loop lag, heap, CPU); off in tests that build many apps in one process. */
  defaults?: boolean;
}): Metrics {
  const registry = new Registry();
  if (opts.defaults !== false) collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'trove_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class, in seconds',
    labelNames: ['route', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const collectErrors = new Counter({
    name: 'trove_metrics_collect_errors_total',
    help: 'Gauges that could not be read at scrape time, by gauge',
    labelNames: ['collector'],
    registers: [registry],
  });

  return {
    contentType: registry.contentType,
    observeRequest(route, method, status, seconds) {
      latency.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    registerCollector(def, read) {
      // Services built a second time over the same dependencies (the demo market's, on its own clock) keep the first's.
      if (registry.getSingleMetric(def.name)) return;
      // Each scrape sets every sample afresh from `read` (a counter by its total: reset, then increased by it).
      async function collect(this: Gauge | Counter) {
        this.reset();
        try {
          for (const s of await read()) {
            const labels: LabelValues<string> = s.labels ?? {};
            if (this instanceof Gauge) this.set(labels, s.value);
            else this.inc(labels, s.value);
          }
        } catch (err) {
          collectErrors.inc({ collector: def.name });
          opts.onError(def.name, err);
        }
      }
      const config = {
        name: def.name,
        help: def.help,
        labelNames: def.labelNames ?? [],
        registers: [registry],
        collect,
      };
      if (def.kind === 'counter') new Counter(config);
      else new Gauge(config);
    },
    text: () => registry.metrics(),
  };
}
