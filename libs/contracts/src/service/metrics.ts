/**
 * Prometheus metrics of a process, in prom-client's default registry (one app per process in
 * production). Each metric is made once, however many modules or apps in a test process ask.
 */
import { Counter, Gauge, Histogram, collectDefaultMetrics, register, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

let defaults = false;

/** Node's own metrics (memory, event loop, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  collectDefaultMetrics();
  defaults = true;
}

const once = <T>(name: string, make: () => T): T => (register.getSingleMetric(name) as T | undefined) ?? make();

export const counter = <L extends string>(config: CounterConfiguration<L>) => once(config.name, () => new Counter(config));
export const histogram = <L extends string>(config: HistogramConfiguration<L>) => once(config.name, () => new Histogram(config));
export const gauge = <L extends string>(config: GaugeConfiguration<L>) => once(config.name, () => new Gauge(config));

/** Hits and misses of a cache, by cache name. */
export const cacheLookups = () => counter({ name: 'mc_cache_lookups_total', help: 'Cache look-ups, by cache and result (hit, miss)', labelNames: ['cache', 'result'] });

export { register };
