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

/**
 * `/metrics` on a port of its own (METRICS_PORT), so that the public port does not expose it.
 * Resolves once listening; `close()` stops it.
 */
export async function serveMetrics(port: number, host: string): Promise<{ port: number; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  collectProcessMetrics();
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('only /metrics here\n');
      return;
    }
    register.metrics().then(
      (text) => response.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  return { port: (server.address() as { port: number }).port, close: () => new Promise((done) => server.close(() => done())) };
}
